-- CreateTable
CREATE TABLE "ToolCallAudit" (
    "id" BIGSERIAL NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "runId" TEXT NOT NULL,
    "workflowId" TEXT NOT NULL,
    "workflowName" TEXT NOT NULL,
    "callerNodeId" TEXT NOT NULL,
    "caller" TEXT NOT NULL,
    "toolName" TEXT NOT NULL,
    "callId" TEXT,
    "args" JSONB NOT NULL,
    "outcome" TEXT NOT NULL,
    "detail" TEXT,
    "durationMs" INTEGER,

    CONSTRAINT "ToolCallAudit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ToolCallAudit_at_idx" ON "ToolCallAudit"("at");

-- CreateIndex
CREATE INDEX "ToolCallAudit_workflowId_at_idx" ON "ToolCallAudit"("workflowId", "at");

-- CreateIndex
CREATE INDEX "ToolCallAudit_toolName_at_idx" ON "ToolCallAudit"("toolName", "at");

