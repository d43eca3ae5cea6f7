-- AlterEnum
ALTER TYPE "RunStatus" ADD VALUE 'waiting';

-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "waitingSince" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "RunWait" (
    "id" TEXT NOT NULL,
    "runId" TEXT NOT NULL,
    "nodeId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "detail" JSONB NOT NULL,
    "wakeAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "resolvedAt" TIMESTAMP(3),
    "resolution" JSONB,
    "parked" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "RunWait_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "RunWait_runId_nodeId_key" ON "RunWait"("runId", "nodeId");

-- CreateIndex
CREATE INDEX "RunWait_resolvedAt_wakeAt_idx" ON "RunWait"("resolvedAt", "wakeAt");

-- AddForeignKey
ALTER TABLE "RunWait" ADD CONSTRAINT "RunWait_runId_fkey" FOREIGN KEY ("runId") REFERENCES "Run"("id") ON DELETE CASCADE ON UPDATE CASCADE;
