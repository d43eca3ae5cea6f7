/** GET a folder's members and their roles (a member of it; viewer). */
import { apiRoute } from "@/lib/http/api-route";
import { getFolder } from "@/lib/workflow-store/folders";
import { unlessRefused } from "../../folder-answer";

export const dynamic = "force-dynamic";

export const GET = apiRoute<{ id: string }>({ role: "viewer" }, async ({ principal }, { id }) =>
  Response.json({ members: unlessRefused(await getFolder(principal, id)).folder.members }),
);
