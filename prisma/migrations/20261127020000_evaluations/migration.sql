-- Evaluations (lib/evaluations): datasets of test rows per workflow, evaluation runs and each row's scores.
-- CreateTable
CREATE TABLE "Dataset" (
    "id" TEXT NOT NULL,
    "workflowId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Dataset_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DatasetRow" (
    "id" TEXT NOT NULL,
    "datasetId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "input" JSONB,
    "expectations" JSONB NOT NULL DEFAULT '{}',
    "sourceRunId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "DatasetRow_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Evaluation" (
    "id" TEXT NOT NULL,
    "workflowId" TEXT NOT NULL,
    "datasetId" TEXT NOT NULL,
    "version" INTEGER,
    "status" TEXT NOT NULL DEFAULT 'queued',
    "evaluators" JSONB NOT NULL,
    "concurrency" INTEGER NOT NULL DEFAULT 4,
    "summary" JSONB,
    "error" TEXT,
    "startedBy" JSONB,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "Evaluation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EvaluationResult" (
    "id" TEXT NOT NULL,
    "evaluationId" TEXT NOT NULL,
    "rowId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "runId" TEXT,
    "scores" JSONB,
    "pass" BOOLEAN,
    "output" JSONB,
    "totalTokens" INTEGER NOT NULL DEFAULT 0,
    "costUsd" DOUBLE PRECISION NOT NULL DEFAULT 0,
    "durationMs" INTEGER,
    "error" TEXT,

    CONSTRAINT "EvaluationResult_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Dataset_workflowId_name_key" ON "Dataset"("workflowId", "name");

-- CreateIndex
CREATE INDEX "DatasetRow_datasetId_position_idx" ON "DatasetRow"("datasetId", "position");

-- CreateIndex
CREATE INDEX "Evaluation_workflowId_createdAt_idx" ON "Evaluation"("workflowId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "EvaluationResult_evaluationId_rowId_key" ON "EvaluationResult"("evaluationId", "rowId");

-- AddForeignKey
ALTER TABLE "Dataset" ADD CONSTRAINT "Dataset_workflowId_fkey" FOREIGN KEY ("workflowId") REFERENCES "Workflow"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DatasetRow" ADD CONSTRAINT "DatasetRow_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Evaluation" ADD CONSTRAINT "Evaluation_workflowId_fkey" FOREIGN KEY ("workflowId") REFERENCES "Workflow"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Evaluation" ADD CONSTRAINT "Evaluation_datasetId_fkey" FOREIGN KEY ("datasetId") REFERENCES "Dataset"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "EvaluationResult" ADD CONSTRAINT "EvaluationResult_evaluationId_fkey" FOREIGN KEY ("evaluationId") REFERENCES "Evaluation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

