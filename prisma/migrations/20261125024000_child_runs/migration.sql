-- Child runs: a Workflow Tool call starts a run of another workflow, linked to the run and call that started it.
ALTER TABLE "Run" ADD COLUMN     "depth" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "parentCallId" TEXT,
ADD COLUMN     "parentRunId" TEXT;

-- CreateIndex
CREATE INDEX "Run_parentRunId_idx" ON "Run"("parentRunId");
