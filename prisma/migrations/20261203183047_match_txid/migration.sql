-- AlterTable
-- The matches made before this column get this migration's transaction (ADD COLUMN evaluates the default once):
-- a feed that resumes then gets the first turn of those still at version 0, which no earlier build sent.
ALTER TABLE "Match" ADD COLUMN     "txid" BIGINT NOT NULL DEFAULT ((pg_current_xact_id())::text)::bigint;
