-- CreateTable
CREATE TABLE "Seek" (
    "id" UUID NOT NULL,
    "game" TEXT NOT NULL,
    "playerId" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "pool" TEXT NOT NULL,
    "options" JSONB NOT NULL,
    "clock" JSONB,
    "seats" INTEGER NOT NULL,
    "ratingRange" DOUBLE PRECISION NOT NULL,
    "botAfterSeconds" INTEGER,
    "rating" DOUBLE PRECISION NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "matchId" UUID,
    "seat" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "settledAt" TIMESTAMPTZ(3),

    CONSTRAINT "Seek_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Seek_status_game_createdAt_idx" ON "Seek"("status", "game", "createdAt");

-- CreateIndex
CREATE INDEX "Seek_playerId_settledAt_idx" ON "Seek"("playerId", "settledAt");
