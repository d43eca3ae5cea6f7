/** GET a folder's members and their roles (a member of it; viewer). */
import { apiRoute } from "@/lib/http/api-route";
import { getFolder } from "@/lib/workflow-store/folders";
import { refuseWorkflowLimitedKey, unlessRefused } from "../../folder-answer";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string }>({ role: "viewer", workflow: "filtered" }, async ({ principal }, { id }) => {
  refuseWorkflowLimitedKey(principal);
  return Response.json({ members: unlessRefused(await getFolder(principal, id)).folder.members });
});
