-- CreateTable
CREATE TABLE "RatedPair" (
    "game" TEXT NOT NULL,
    "pair" TEXT NOT NULL,
    "matchId" UUID NOT NULL,
    "finishedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "RatedPair_pkey" PRIMARY KEY ("game","pair","matchId")
);

-- CreateIndex
CREATE INDEX "RatedPair_game_pair_finishedAt_idx" ON "RatedPair"("game", "pair", "finishedAt");

-- CreateIndex
CREATE INDEX "RatedPair_finishedAt_idx" ON "RatedPair"("finishedAt");
