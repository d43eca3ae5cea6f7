/**
 * One person's place in a folder: GET reads it (a member; viewer); PUT adds them or changes their role, DELETE takes
 * them out (the folder's managers and admins; a folder keeps a manager unless an admin decides otherwise).
 */
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { pathParam } from "@/lib/http/path-param";
import { getFolder, setFolderMember } from "@/lib/workflow-store/folders";
import type { Principal } from "@/lib/auth/principal";
import { parsedBody, unlessRefused } from "../../../folder-answer";
import { MemberBody } from "../../../schema";

export const dynamic = "force-dynamic";

type Params = { id: string; userId: string };

async function member(principal: Principal, folderId: string, userId: string) {
  const { folder } = unlessRefused(await getFolder(principal, folderId));
  const found = folder.members.find((one) => one.userId === userId);
  if (!found) throw new ApiError("not-found", `userId: ${userId} is not a member of folder "${folder.name}"`);
  return found;
}

export const GET = apiRoute<Params>({ role: "viewer" }, async ({ principal }, { id, userId }) =>
  Response.json(await member(principal, id, pathParam(userId))),
);

export const PUT = apiRoute<Params>({ role: "editor" }, async ({ json, principal }, { id, userId }) => {
  const { role } = parsedBody(MemberBody, await json());
  unlessRefused(await setFolderMember(principal, id, pathParam(userId), role));
  return Response.json(await member(principal, id, pathParam(userId)));
});

export const DELETE = apiRoute<Params>({ role: "editor" }, async ({ principal }, { id, userId }) => {
  unlessRefused(await setFolderMember(principal, id, pathParam(userId), null));
  return new Response(null, { status: 204 });
});
