-- AlterTable
ALTER TABLE "Tournament" ADD COLUMN     "startsAt" TIMESTAMPTZ(3);
