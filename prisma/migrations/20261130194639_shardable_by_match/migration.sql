-- DropForeignKey
ALTER TABLE "MatchEvent" DROP CONSTRAINT "MatchEvent_matchId_fkey";

-- DropForeignKey
ALTER TABLE "Seat" DROP CONSTRAINT "Seat_matchId_fkey";

-- DropIndex
DROP INDEX "Seat_tokenHash_key";

-- CreateIndex
CREATE INDEX "Seat_tokenHash_idx" ON "Seat"("tokenHash");

-- AddForeignKey
ALTER TABLE "Seat" ADD CONSTRAINT "Seat_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE CASCADE ON UPDATE NO ACTION;

-- AddForeignKey
ALTER TABLE "MatchEvent" ADD CONSTRAINT "MatchEvent_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE CASCADE ON UPDATE NO ACTION;
