/**
 * GET lists the folders the caller is in (admins: all; a key limited to a folder: that one; viewer); POST makes one,
 * its maker its manager (editor).
 */
import { apiRoute } from "@/lib/http/api-route";
import { createFolder, getFolder, listFolders } from "@/lib/workflow-store/folders";
import { folderJson, parsedBody, refuseWorkflowLimitedKey, unlessRefused } from "./folder-answer";
import { FolderBody } from "./schema";

export const dynamic = "force-dynamic";

export const GET = apiRoute({ role: "viewer", workflow: "filtered" }, async ({ principal }) => {
  refuseWorkflowLimitedKey(principal);
  return Response.json({ folders: (await listFolders(principal)).map(folderJson) });
});

export const POST = apiRoute({ role: "editor" }, async ({ json, principal }) => {
  const { name } = parsedBody(FolderBody, await json());
  const { id } = unlessRefused(await createFolder(principal, name));
  const { folder } = unlessRefused(await getFolder(principal, id));
  return Response.json(folderJson(folder), { status: 201 });
});
