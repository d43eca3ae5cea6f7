-- AlterTable
ALTER TABLE "Run" ADD COLUMN     "version" INTEGER;

-- AlterTable
ALTER TABLE "Workflow" ADD COLUMN     "publishedVersion" INTEGER;

-- CreateTable
CREATE TABLE "WorkflowVersion" (
    "id" TEXT NOT NULL,
    "workflowId" TEXT NOT NULL,
    "number" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "graph" JSONB NOT NULL,
    "note" TEXT NOT NULL DEFAULT '',
    "authorId" TEXT,
    "authorName" TEXT NOT NULL DEFAULT '',
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WorkflowVersion_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "WorkflowDraftSave" (
    "id" BIGSERIAL NOT NULL,
    "workflowId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "graph" JSONB NOT NULL,
    "authorId" TEXT,
    "authorName" TEXT NOT NULL DEFAULT '',
    "savedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "WorkflowDraftSave_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "WorkflowVersion_workflowId_number_key" ON "WorkflowVersion"("workflowId", "number");

-- CreateIndex
CREATE INDEX "WorkflowDraftSave_workflowId_savedAt_idx" ON "WorkflowDraftSave"("workflowId", "savedAt");

-- AddForeignKey
ALTER TABLE "WorkflowVersion" ADD CONSTRAINT "WorkflowVersion_workflowId_fkey" FOREIGN KEY ("workflowId") REFERENCES "Workflow"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "WorkflowDraftSave" ADD CONSTRAINT "WorkflowDraftSave_workflowId_fkey" FOREIGN KEY ("workflowId") REFERENCES "Workflow"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Upgrade: every workflow that exists becomes version 1, published, so what was live stays live.
INSERT INTO "WorkflowVersion" ("id", "workflowId", "number", "name", "graph", "note", "createdAt")
SELECT gen_random_uuid()::text, "id", 1, "name", "graph", 'Published on upgrade: what was live before versions', "updatedAt"
FROM "Workflow";
UPDATE "Workflow" SET "publishedVersion" = 1;
