-- AlterTable
ALTER TABLE "Tournament" ADD COLUMN     "endsAt" TIMESTAMPTZ(3);
