-- AlterTable
ALTER TABLE "ToolCallAudit" ADD COLUMN     "callerLabel" TEXT;

