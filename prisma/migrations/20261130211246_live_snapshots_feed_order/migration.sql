-- AlterTable
ALTER TABLE "MatchEvent" ADD COLUMN     "txid" BIGINT NOT NULL DEFAULT ((pg_current_xact_id())::text)::bigint;

-- CreateTable
CREATE TABLE "MatchSnapshot" (
    "matchId" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "format" TEXT NOT NULL,
    "state" JSONB NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MatchSnapshot_pkey" PRIMARY KEY ("matchId","seq")
);

-- CreateIndex
CREATE INDEX "MatchEvent_matchId_txid_idx" ON "MatchEvent"("matchId", "txid");

-- AddForeignKey
ALTER TABLE "MatchSnapshot" ADD CONSTRAINT "MatchSnapshot_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE CASCADE ON UPDATE NO ACTION;
