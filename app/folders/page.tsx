/**
 * The Folders page: how workflows are shared. Everyone sees the folders they are in, with members and roles; editors
 * make folders and manage the ones they made, admins every folder: who is in each (viewer: reads its workflows; editor:
 * also changes and runs them and adds workflows; manager: also chooses the members), renaming, deleting empty ones.
 */
import { pageUser } from "@/lib/auth/request-access";
import { listUsers } from "@/lib/auth/accounts";
import { mayCreateFolder } from "@/lib/auth/access-rule";
import { listFolders } from "@/lib/workflow-store/folders";
import { PageShell } from "@/components/ui/page-shell";
import { FoldersManager } from "@/components/folders/folders-manager";

export const dynamic = "force-dynamic";

export default async function FoldersPage() {
  const user = await pageUser("viewer", "/folders");
  const folders = await listFolders(user);
  // Whoever manages a folder picks its members from the people on this instance.
  const people = folders.some((folder) => folder.access === "manage") ? await listUsers() : [];
  return (
    <PageShell
      user={user}
      title="Folders"
      subtitle={
        "A workflow in no folder is its owner's and the admins'. Put it in a folder to share it: each member reads " +
        "its workflows (viewer), also changes, runs and adds them (editor), or also chooses who is in it (manager)."
      }
    >
      <FoldersManager
        folders={folders}
        people={people.map(({ id, name, email }) => ({ id, name, email }))}
        canCreate={mayCreateFolder(user)}
      />
    </PageShell>
  );
}
