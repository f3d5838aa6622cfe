-- DropIndex
DROP INDEX "Match_game_status_idx";

-- AlterTable
ALTER TABLE "Match" ADD COLUMN     "expiresAt" TIMESTAMPTZ(3),
ADD COLUMN     "rematchOf" UUID,
ADD COLUMN     "toMove" INTEGER[] DEFAULT ARRAY[]::INTEGER[],
ADD COLUMN     "unlisted" BOOLEAN NOT NULL DEFAULT false;

-- AlterTable
ALTER TABLE "MatchEvent" ALTER COLUMN "seat" DROP NOT NULL;

-- AlterTable
ALTER TABLE "Seat" ADD COLUMN     "joinedSeq" INTEGER,
ADD COLUMN     "playerId" UUID,
ALTER COLUMN "name" DROP NOT NULL,
ALTER COLUMN "tokenHash" DROP NOT NULL;

-- CreateTable
CREATE TABLE "Player" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "keyHash" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Player_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Player_keyHash_idx" ON "Player"("keyHash");

-- CreateIndex
CREATE INDEX "Match_game_status_unlisted_createdAt_id_idx" ON "Match"("game", "status", "unlisted", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Match_status_expiresAt_idx" ON "Match"("status", "expiresAt");

-- CreateIndex
CREATE INDEX "Seat_playerId_idx" ON "Seat"("playerId");

-- CreateIndex
CREATE UNIQUE INDEX "Seat_matchId_playerId_key" ON "Seat"("matchId", "playerId");
