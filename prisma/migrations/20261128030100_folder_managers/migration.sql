-- Folders get managers (like project admins in n8n): whoever makes a folder manages it, renames it, chooses its members
-- and deletes it once empty, and admins still manage every folder. Existing folders keep their members and have no
-- manager (admins manage them, as before).
ALTER TYPE "FolderRole" ADD VALUE 'manager';
