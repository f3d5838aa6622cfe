-- AlterTable
ALTER TABLE "Tournament" ADD COLUMN     "botTimeoutMs" INTEGER;
