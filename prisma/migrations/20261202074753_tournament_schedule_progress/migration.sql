-- AlterTable
ALTER TABLE "Tournament" ADD COLUMN     "matchesScored" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "plannedRounds" INTEGER,
ADD COLUMN     "schedule" JSONB;

-- Existing rows: the matches already scored, and a Swiss tournament's planned rounds (its `rounds`). A round
-- robin's schedule and planned rounds are listed once, on first use (tournament.service.ts).
UPDATE "Tournament" t SET "matchesScored" = (
  SELECT count(*) FROM "TournamentMatch" tm WHERE tm."tournamentId" = t."id" AND tm."result" IS NOT NULL);
UPDATE "Tournament" SET "plannedRounds" = "rounds" WHERE "format" = 'swiss';
