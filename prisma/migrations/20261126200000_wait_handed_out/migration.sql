-- AlterTable
ALTER TABLE "RunWait" ADD COLUMN     "handedOutAt" TIMESTAMP(3);
