/**
 * The Folders page: how workflows are shared. Everyone sees the folders they are in, with members and roles; admins
 * make folders, choose who is in each (viewer: reads its workflows; editor: changes and runs them) and delete empty
 * ones.
 */
import { pageUser } from "@/lib/auth/request-access";
import { listUsers } from "@/lib/auth/accounts";
import { listFolders } from "@/lib/workflow-store/folders";
import { PageShell } from "@/components/ui/page-shell";
import { FoldersManager } from "@/components/folders/folders-manager";

export const dynamic = "force-dynamic";

export default async function FoldersPage() {
  const user = await pageUser("viewer", "/folders");
  const admin = user.role === "admin";
  const [folders, people] = await Promise.all([listFolders(user), admin ? listUsers() : []]);
  return (
    <PageShell
      user={user}
      title="Folders"
      subtitle={
        "A workflow in no folder is its owner's and the admins'. Put it in a folder to share it: each member reads " +
        "its workflows (viewer) or also changes and runs them (editor)."
      }
    >
      <FoldersManager
        folders={folders}
        people={people.map(({ id, name, email }) => ({ id, name, email }))}
        canManage={admin}
      />
    </PageShell>
  );
}
