-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "priority" INTEGER NOT NULL DEFAULT 2;

-- CreateTable
CREATE TABLE "ScheduleState" (
    "workflowId" TEXT NOT NULL,
    "nodeId" TEXT NOT NULL,
    "pattern" TEXT NOT NULL,
    "timezone" TEXT NOT NULL,
    "coveredUntil" TIMESTAMP(3) NOT NULL,
    "lastFiredAt" TIMESTAMP(3),
    "lastRunId" TEXT,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ScheduleState_pkey" PRIMARY KEY ("workflowId","nodeId")
);

-- CreateTable
CREATE TABLE "ScheduleMiss" (
    "id" BIGSERIAL NOT NULL,
    "workflowId" TEXT NOT NULL,
    "nodeId" TEXT NOT NULL,
    "firstMissedAt" TIMESTAMP(3) NOT NULL,
    "lastMissedAt" TIMESTAMP(3) NOT NULL,
    "count" INTEGER NOT NULL,
    "policy" TEXT NOT NULL,
    "catchUpRunId" TEXT,
    "notedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ScheduleMiss_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ScheduleMiss_workflowId_nodeId_notedAt_idx" ON "ScheduleMiss"("workflowId", "nodeId", "notedAt");

-- CreateIndex
CREATE INDEX "Run_workflowId_status_priority_createdAt_idx" ON "Run"("workflowId", "status", "priority", "createdAt");

-- AddForeignKey
ALTER TABLE "ScheduleState" ADD CONSTRAINT "ScheduleState_workflowId_fkey" FOREIGN KEY ("workflowId") REFERENCES "Workflow"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ScheduleMiss" ADD CONSTRAINT "ScheduleMiss_workflowId_nodeId_fkey" FOREIGN KEY ("workflowId", "nodeId") REFERENCES "ScheduleState"("workflowId", "nodeId") ON DELETE CASCADE ON UPDATE CASCADE;

