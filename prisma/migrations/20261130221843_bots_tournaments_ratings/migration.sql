-- AlterTable
ALTER TABLE "Match" ADD COLUMN     "botDueAt" TIMESTAMPTZ(3),
ADD COLUMN     "botLease" TIMESTAMPTZ(3);

-- AlterTable
ALTER TABLE "Seat" ADD COLUMN     "bot" TEXT;

-- CreateTable
CREATE TABLE "Tournament" (
    "id" UUID NOT NULL,
    "game" TEXT NOT NULL,
    "format" TEXT NOT NULL,
    "rounds" INTEGER NOT NULL,
    "seatsPerMatch" INTEGER NOT NULL,
    "options" JSONB NOT NULL,
    "clock" JSONB,
    "status" TEXT NOT NULL,
    "roundsCreated" INTEGER NOT NULL DEFAULT 0,
    "lease" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Tournament_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "TournamentEntrant" (
    "tournamentId" UUID NOT NULL,
    "idx" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "bot" TEXT,
    "url" TEXT,
    "secret" TEXT,
    "playerId" UUID,
    "requests" INTEGER NOT NULL DEFAULT 0,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "latencyMs" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "TournamentEntrant_pkey" PRIMARY KEY ("tournamentId","idx")
);

-- CreateTable
CREATE TABLE "TournamentMatch" (
    "matchId" UUID NOT NULL,
    "tournamentId" UUID NOT NULL,
    "round" INTEGER NOT NULL,
    "table" INTEGER NOT NULL,
    "entrants" INTEGER[],
    "result" JSONB,

    CONSTRAINT "TournamentMatch_pkey" PRIMARY KEY ("matchId")
);

-- CreateTable
CREATE TABLE "Rating" (
    "game" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "mu" DOUBLE PRECISION NOT NULL,
    "sigma" DOUBLE PRECISION NOT NULL,
    "matches" INTEGER NOT NULL,

    CONSTRAINT "Rating_pkey" PRIMARY KEY ("game","key")
);

-- CreateTable
CREATE TABLE "RatedMatch" (
    "matchId" UUID NOT NULL,
    "game" TEXT NOT NULL,
    "finishedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "RatedMatch_pkey" PRIMARY KEY ("matchId")
);

-- CreateIndex
CREATE INDEX "Tournament_status_idx" ON "Tournament"("status");

-- CreateIndex
CREATE UNIQUE INDEX "TournamentEntrant_tournamentId_name_key" ON "TournamentEntrant"("tournamentId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "TournamentMatch_tournamentId_round_table_key" ON "TournamentMatch"("tournamentId", "round", "table");

-- CreateIndex
CREATE INDEX "RatedMatch_finishedAt_matchId_idx" ON "RatedMatch"("finishedAt", "matchId");

-- CreateIndex
CREATE INDEX "Match_botDueAt_idx" ON "Match"("botDueAt");

-- AddForeignKey
ALTER TABLE "TournamentEntrant" ADD CONSTRAINT "TournamentEntrant_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TournamentMatch" ADD CONSTRAINT "TournamentMatch_tournamentId_fkey" FOREIGN KEY ("tournamentId") REFERENCES "Tournament"("id") ON DELETE CASCADE ON UPDATE CASCADE;
