-- CreateTable
CREATE TABLE "Match" (
    "id" UUID NOT NULL,
    "game" TEXT NOT NULL,
    "rulesVersion" INTEGER NOT NULL,
    "seed" TEXT NOT NULL,
    "options" JSONB NOT NULL,
    "status" TEXT NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Match_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Seat" (
    "matchId" UUID NOT NULL,
    "seat" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,

    CONSTRAINT "Seat_pkey" PRIMARY KEY ("matchId","seat")
);

-- CreateTable
CREATE TABLE "MatchEvent" (
    "matchId" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "seat" INTEGER NOT NULL,
    "payload" JSONB NOT NULL,
    "idempotencyKey" TEXT,
    "requestHash" TEXT,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MatchEvent_pkey" PRIMARY KEY ("matchId","seq")
);

-- CreateIndex
CREATE INDEX "Match_game_status_idx" ON "Match"("game", "status");

-- CreateIndex
CREATE UNIQUE INDEX "Seat_tokenHash_key" ON "Seat"("tokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "MatchEvent_matchId_seat_idempotencyKey_key" ON "MatchEvent"("matchId", "seat", "idempotencyKey");

-- AddForeignKey
ALTER TABLE "Seat" ADD CONSTRAINT "Seat_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MatchEvent" ADD CONSTRAINT "MatchEvent_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE CASCADE ON UPDATE CASCADE;
