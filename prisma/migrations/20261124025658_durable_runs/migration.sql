-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "attempt" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "cancelRequestedAt" TIMESTAMP(3),
ADD COLUMN     "deadlineAt" TIMESTAMP(3),
ADD COLUMN     "lastSeq" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "leaseOwner" TEXT,
ADD COLUMN     "leaseUntil" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Run_status_leaseUntil_idx" ON "Run"("status", "leaseUntil");
