-- Public chat (lib/public-chat): a workflow's public chat page and widget settings, and visitors' conversations.

-- AlterTable
ALTER TABLE "Conversation" ADD COLUMN     "visitorId" TEXT;

-- CreateTable
CREATE TABLE "PublicChat" (
    "workflowId" TEXT NOT NULL,
    "publicId" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "title" TEXT NOT NULL DEFAULT '',
    "welcomeMessage" TEXT NOT NULL DEFAULT '',
    "allowedOrigins" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "accessCodeHash" TEXT,
    "messagesPerMinute" INTEGER NOT NULL DEFAULT 60,
    "visitorMessagesPerMinute" INTEGER NOT NULL DEFAULT 10,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "PublicChat_pkey" PRIMARY KEY ("workflowId")
);

-- CreateIndex
CREATE UNIQUE INDEX "PublicChat_publicId_key" ON "PublicChat"("publicId");

-- CreateIndex
CREATE INDEX "Conversation_workflowId_visitorId_updatedAt_idx" ON "Conversation"("workflowId", "visitorId", "updatedAt");

-- AddForeignKey
ALTER TABLE "PublicChat" ADD CONSTRAINT "PublicChat_workflowId_fkey" FOREIGN KEY ("workflowId") REFERENCES "Workflow"("id") ON DELETE CASCADE ON UPDATE CASCADE;

