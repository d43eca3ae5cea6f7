/** One folder: GET reads it (a member; viewer); PATCH renames it, DELETE deletes it once empty (managers, admins). */
import { apiRoute } from "@/lib/http/api-route";
import { deleteFolder, getFolder, renameFolder } from "@/lib/workflow-store/folders";
import { folderJson, parsedBody, refuseWorkflowLimitedKey, unlessRefused } from "../folder-answer";
import { FolderBody } from "../schema";

export const dynamic = "force-dynamic";

type Params = { id: string };

export const GET = apiRoute<Params>({ role: "viewer", workflow: "filtered" }, async ({ principal }, { id }) => {
  refuseWorkflowLimitedKey(principal);
  return Response.json(folderJson(unlessRefused(await getFolder(principal, id)).folder));
});

export const PATCH = apiRoute<Params>({ role: "editor" }, async ({ json, principal }, { id }) => {
  const { name } = parsedBody(FolderBody, await json());
  unlessRefused(await renameFolder(principal, id, name));
  return Response.json(folderJson(unlessRefused(await getFolder(principal, id)).folder));
});

export const DELETE = apiRoute<Params>({ role: "editor" }, async ({ principal }, { id }) => {
  unlessRefused(await deleteFolder(principal, id));
  return new Response(null, { status: 204 });
});
