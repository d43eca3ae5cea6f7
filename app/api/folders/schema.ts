/**
 * What the folder routes accept and answer — /api/folders, /api/folders/{id} and its members — and their OpenAPI
 * operations (registered in app/api/operations.ts). The rules are lib/workflow-store/folders.ts's, as on the Folders
 * page: editors make folders and manage the ones they made; a folder's managers and admins manage it.
 */
import { z } from "zod";
import { FolderName } from "@/app/folders/schema";
import { FOLDER_ROLES } from "@/lib/auth/access-rule";
import { apiError, IsoTime, jsonBody, jsonResponse, noContent, type ApiOperation } from "@/lib/http/openapi/operation";

export const FolderBody = z.object({ name: FolderName }).strict();
export const MemberBody = z
  .object({ role: z.enum(FOLDER_ROLES, { error: `role: one of ${FOLDER_ROLES.join(", ")}` }) })
  .strict();

const FolderParams = z.object({ id: z.string().meta({ description: "The folder's id" }) });
const MemberParams = FolderParams.extend({ userId: z.string().meta({ description: "The member's account id" }) });

export const FolderMember = z
  .object({
    userId: z.string(),
    name: z.string(),
    email: z.string(),
    role: z.enum(FOLDER_ROLES).meta({
      description: "viewer: reads its workflows; editor: also changes, runs and files them; manager: also manages it",
    }),
  })
  .meta({ id: "FolderMember" });

export const Folder = z
  .object({
    id: z.string(),
    name: z.string(),
    createdAt: IsoTime,
    workflowCount: z.number().int(),
    access: z.enum(["view", "file", "manage"]).meta({
      description: "What the caller may do with it: see it, also put workflows into it, or also manage it",
    }),
    members: z.array(FolderMember),
  })
  .meta({ id: "Folder" });

const tag = "Folders";
const noFolder = apiError("No such folder, or one the caller is not a member of");
const notManager = apiError("The caller may see the folder but not manage it (its managers and admins do)");
const noManagerLeft = apiError("The change would leave the folder with no manager (only an admin may)");

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/folders",
    tag,
    summary: "List folders",
    description:
      "The folders the caller is a member of (admins: every folder; a key limited to a folder: that one), by name, " +
      "with members and roles.",
    access: "viewer",
    responses: { 200: jsonResponse("The folders", z.object({ folders: z.array(Folder) })) },
  },
  {
    method: "post",
    path: "/api/folders",
    tag,
    summary: "Make a folder",
    description: "An editor who makes a folder becomes its first manager (admins manage every folder anyway).",
    access: "editor",
    request: { body: jsonBody(FolderBody) },
    responses: {
      201: jsonResponse("Made", Folder),
      409: apiError("A folder already has this name"),
    },
  },
  {
    method: "get",
    path: "/api/folders/{id}",
    tag,
    summary: "Read a folder",
    access: "viewer",
    request: { params: FolderParams },
    responses: { 200: jsonResponse("The folder", Folder), 404: noFolder },
  },
  {
    method: "patch",
    path: "/api/folders/{id}",
    tag,
    summary: "Rename a folder",
    access: "editor",
    request: { params: FolderParams, body: jsonBody(FolderBody) },
    responses: {
      200: jsonResponse("Renamed", Folder),
      403: notManager,
      404: noFolder,
      409: apiError("Another folder has this name"),
    },
  },
  {
    method: "delete",
    path: "/api/folders/{id}",
    tag,
    summary: "Delete an empty folder",
    description: "Its memberships go with it. A folder that still holds workflows is kept (409): move them out first.",
    access: "editor",
    request: { params: FolderParams },
    responses: {
      204: noContent("Deleted"),
      403: notManager,
      404: noFolder,
      409: apiError("The folder still holds workflows"),
    },
  },
  {
    method: "get",
    path: "/api/folders/{id}/members",
    tag,
    summary: "List a folder's members",
    access: "viewer",
    request: { params: FolderParams },
    responses: { 200: jsonResponse("Its members", z.object({ members: z.array(FolderMember) })), 404: noFolder },
  },
  {
    method: "get",
    path: "/api/folders/{id}/members/{userId}",
    tag,
    summary: "Read one member's role",
    access: "viewer",
    request: { params: MemberParams },
    responses: { 200: jsonResponse("The member", FolderMember), 404: apiError("No such folder or member") },
  },
  {
    method: "put",
    path: "/api/folders/{id}/members/{userId}",
    tag,
    summary: "Add a member or change their role",
    description: "The role is the most they may do: an instance viewer stays read-only whatever their folder role.",
    access: "editor",
    request: { params: MemberParams, body: jsonBody(MemberBody) },
    responses: {
      200: jsonResponse("Their place in the folder now", FolderMember),
      403: notManager,
      404: apiError("No such folder, or no account with this id"),
      409: noManagerLeft,
    },
  },
  {
    method: "delete",
    path: "/api/folders/{id}/members/{userId}",
    tag,
    summary: "Take a member out of a folder",
    description: "They lose what the folder gave them at once (its workflows answer them 404).",
    access: "editor",
    request: { params: MemberParams },
    responses: {
      204: noContent("Taken out"),
      403: notManager,
      404: apiError("No such folder, or the person is not a member"),
      409: noManagerLeft,
    },
  },
];
