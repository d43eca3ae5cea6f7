-- Ownership and sharing: each workflow has an owner, may sit in a folder shared with members (viewer/editor), and has tags.
-- CreateEnum
CREATE TYPE "FolderRole" AS ENUM ('viewer', 'editor');

-- AlterTable
ALTER TABLE "Workflow" ADD COLUMN     "folderId" TEXT,
ADD COLUMN     "ownerId" TEXT,
ADD COLUMN     "tags" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateTable
CREATE TABLE "Folder" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Folder_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FolderMember" (
    "folderId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "role" "FolderRole" NOT NULL,

    CONSTRAINT "FolderMember_pkey" PRIMARY KEY ("folderId","userId")
);

-- CreateIndex
CREATE UNIQUE INDEX "Folder_name_key" ON "Folder"("name");

-- CreateIndex
CREATE INDEX "FolderMember_userId_idx" ON "FolderMember"("userId");

-- CreateIndex
CREATE INDEX "Workflow_ownerId_idx" ON "Workflow"("ownerId");

-- CreateIndex
CREATE INDEX "Workflow_folderId_idx" ON "Workflow"("folderId");

-- AddForeignKey
ALTER TABLE "Workflow" ADD CONSTRAINT "Workflow_ownerId_fkey" FOREIGN KEY ("ownerId") REFERENCES "user"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Workflow" ADD CONSTRAINT "Workflow_folderId_fkey" FOREIGN KEY ("folderId") REFERENCES "Folder"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FolderMember" ADD CONSTRAINT "FolderMember_folderId_fkey" FOREIGN KEY ("folderId") REFERENCES "Folder"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "FolderMember" ADD CONSTRAINT "FolderMember_userId_fkey" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Existing workflows: nothing lost, and nobody loses what they could reach before folders existed.
-- The owner is the first admin (the instance owner). Every non-admin could see (viewers) or change (editors) every
-- workflow, so the existing ones go into a folder "Shared workflows" with each of them as a member in their own role;
-- admins see everything anyway. A new instance (no workflows) gets no folder.
UPDATE "Workflow" SET "ownerId" = (SELECT "id" FROM "user" WHERE "role" = 'admin' ORDER BY "createdAt", "id" LIMIT 1);

INSERT INTO "Folder" ("id", "name")
SELECT 'shared-workflows', 'Shared workflows'
WHERE EXISTS (SELECT 1 FROM "Workflow") AND EXISTS (SELECT 1 FROM "user" WHERE "role" <> 'admin');

INSERT INTO "FolderMember" ("folderId", "userId", "role")
SELECT 'shared-workflows', "id", "role"::TEXT::"FolderRole" FROM "user"
WHERE "role" <> 'admin' AND EXISTS (SELECT 1 FROM "Folder" WHERE "id" = 'shared-workflows');

UPDATE "Workflow" SET "folderId" = 'shared-workflows' WHERE EXISTS (SELECT 1 FROM "Folder" WHERE "id" = 'shared-workflows');
