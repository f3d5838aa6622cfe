-- AlterTable
ALTER TABLE "Match" ADD COLUMN     "salt" TEXT,
ADD COLUMN     "seedCommitment" TEXT;
