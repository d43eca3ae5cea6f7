/**
 * Folders over the real HTTP API as a team uses them: an editor makes a folder and manages it (members and roles,
 * rename, delete once empty); its editors add workflows to it but do not manage it; a stranger learns nothing of it;
 * a folder always keeps a manager unless an admin decides otherwise; an admin manages every folder; filing a workflow
 * through the workflow's PATCH leaves its draft's version alone; keys limited to a folder do not manage folders.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/auth/api-keys";
import { apiClient, type ApiClient } from "@/lib/testing/api-client";
import { graphEdge, graphNode } from "@/lib/testing/fixtures";
import { createTestAccount, type TestAccount } from "@/lib/testing/test-accounts";
import { startTestStack, type TestStack } from "@/lib/testing/test-stack";

let stack: TestStack;
const people = {} as Record<"maya" | "eli" | "vic" | "stranger", TestAccount>;
let folderId = "";

const ECHO = {
  nodes: [graphNode("entry", "core.entry"), graphNode("out", "core.output", { label: "Out" })],
  edges: [graphEdge("entry", "output", "out", "value")],
};
const as = (account: TestAccount): ApiClient => apiClient(stack.url, account.headers);
const send = (api: ApiClient, method: string, path: string, body?: unknown) =>
  api.fetch(path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
const member = (api: ApiClient, who: TestAccount, role: string | null) =>
  role === null
    ? send(api, "DELETE", `/api/folders/${folderId}/members/${who.userId}`)
    : send(api, "PUT", `/api/folders/${folderId}/members/${who.userId}`, { role });
const errorOf = async (response: Response) => ((await response.json()) as { error: string }).error;

beforeAll(async () => {
  stack = await startTestStack({ workers: false });
  people.maya = await createTestAccount("editor", "folders-maya");
  people.eli = await createTestAccount("editor", "folders-eli");
  people.vic = await createTestAccount("viewer", "folders-vic");
  people.stranger = await createTestAccount("editor", "folders-stranger");
});
afterAll(() => stack.close());

describe("a folder an editor makes", () => {
  it("is theirs to manage: they are its first manager", async () => {
    const made = await send(as(people.maya), "POST", "/api/folders", { name: "Support" });
    expect(made.status).toBe(201);
    const folder = (await made.json()) as { id: string; access: string; members: { email: string; role: string }[] };
    folderId = folder.id;
    expect(folder.access).toBe("manage");
    expect(folder.members).toEqual([expect.objectContaining({ email: people.maya.email, role: "manager" })]);
    const viewerTries = await send(as(people.vic), "POST", "/api/folders", { name: "Mine" });
    expect(viewerTries.status).toBe(403);
    const taken = await send(as(people.stranger), "POST", "/api/folders", { name: "Support" });
    expect(taken.status).toBe(409);
    expect(await errorOf(taken)).toBe('name: a folder is already called "Support"');
    const unnamed = await send(as(people.maya), "POST", "/api/folders", { name: " " });
    expect(unnamed.status).toBe(400);
    expect(await errorOf(unnamed)).toBe("name: give the folder a name");
  });

  it("gets members chosen by its manager, each seeing it with what their role allows", async () => {
    expect((await member(as(people.maya), people.eli, "editor")).status).toBe(200);
    const vic = await member(as(people.maya), people.vic, "manager");
    expect(await vic.json()).toMatchObject({ userId: people.vic.userId, role: "manager" });
    const seen = async (who: TestAccount) =>
      ((await (await as(who).fetch(`/api/folders/${folderId}`)).json()) as { access: string }).access;
    expect(await seen(people.eli)).toBe("file");
    // An instance viewer stays read-only, whatever their folder role.
    expect(await seen(people.vic)).toBe("view");
    expect((await send(as(people.vic), "PATCH", `/api/folders/${folderId}`, { name: "Vic's" })).status).toBe(403);
    const members = (await (await as(people.eli).fetch(`/api/folders/${folderId}/members`)).json()) as {
      members: { role: string }[];
    };
    expect(members.members.map((one) => one.role).sort()).toEqual(["editor", "manager", "manager"]);
    const bad = await member(as(people.maya), people.eli, "owner");
    expect(bad.status).toBe(400);
    expect(await errorOf(bad)).toBe("role: one of viewer, editor, manager");
    expect((await member(as(people.maya), people.vic, "viewer")).status).toBe(200);
  });

  it("is not managed by its editors: they may add workflows to it, not people or names", async () => {
    const rename = await send(as(people.eli), "PATCH", `/api/folders/${folderId}`, { name: "Eli's" });
    expect(rename.status).toBe(403);
    expect(await errorOf(rename)).toBe('You may not manage folder "Support": its managers and admins do');
    expect((await member(as(people.eli), people.stranger, "editor")).status).toBe(403);
    expect((await send(as(people.eli), "DELETE", `/api/folders/${folderId}`)).status).toBe(403);
    const made = await send(as(people.eli), "POST", "/api/workflows", {
      name: "Refunds",
      folderId,
      tags: ["money"],
      ...ECHO,
    });
    expect(made.status).toBe(201);
    const id = ((await made.json()) as { id: string }).id;
    const read = await (await as(people.maya).fetch(`/api/workflows/${id}`)).json();
    expect(read).toMatchObject({ ownerId: people.eli.userId, folderId, tags: ["money"] });
  });

  it("is, to someone outside it, a folder that does not exist", async () => {
    const outsider = as(people.stranger);
    for (const path of [`/api/folders/${folderId}`, `/api/folders/${folderId}/members`]) {
      const answer = await outsider.fetch(path);
      expect(answer.status).toBe(404);
      expect(await errorOf(answer)).toBe(`Folder ${folderId} does not exist`);
    }
    expect((await member(outsider, people.stranger, "manager")).status).toBe(404);
    const listed = (await (await outsider.fetch("/api/folders")).json()) as { folders: { id: string }[] };
    expect(listed.folders.map((folder) => folder.id)).not.toContain(folderId);
    const filed = await send(outsider, "POST", "/api/workflows", { name: "Sneaky", folderId, ...ECHO });
    expect(filed.status).toBe(403);
    expect(await errorOf(filed)).toBe(`folderId: Folder ${folderId} does not exist`);
  });

  it("always keeps a manager, unless an admin decides otherwise", async () => {
    const leaving = await member(as(people.maya), people.maya, null);
    expect(leaving.status).toBe(409);
    expect(await errorOf(leaving)).toBe(
      'Folder "Support" would have no manager left: make someone else its manager first',
    );
    expect((await member(as(people.maya), people.eli, "manager")).status).toBe(200);
    expect((await member(as(people.maya), people.maya, "editor")).status).toBe(200);
    expect((await send(as(people.maya), "PATCH", `/api/folders/${folderId}`, { name: "Maya's" })).status).toBe(403);
    // An admin manages every folder without being in it, and may leave one without a manager.
    expect((await member(stack, people.eli, "editor")).status).toBe(200);
    const renamed = await send(stack, "PATCH", `/api/folders/${folderId}`, { name: "Customer support" });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ name: "Customer support", access: "manage" });
    expect((await member(stack, people.maya, "manager")).status).toBe(200);
  });

  it("is deleted only once empty; moving a workflow out through its PATCH leaves the draft's version alone", async () => {
    const full = await send(as(people.maya), "DELETE", `/api/folders/${folderId}`);
    expect(full.status).toBe(409);
    expect(await errorOf(full)).toContain("still holds 1 workflow(s)");
    const listed = (await (await as(people.maya).fetch("/api/workflows")).json()) as { id: string; name: string }[];
    const id = listed.find((workflow) => workflow.name === "Refunds")!.id;
    const before = ((await (await as(people.maya).fetch(`/api/workflows/${id}`)).json()) as { updatedAt: string })
      .updatedAt;
    const moved = await send(as(people.maya), "PATCH", `/api/workflows/${id}`, { folderId: null, tags: ["a", "a"] });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toEqual({ id, updatedAt: before });
    const after = await (await as(people.eli).fetch(`/api/workflows/${id}`)).json();
    expect(after).toMatchObject({ folderId: null, tags: ["a"], updatedAt: before });
    expect((await send(as(people.maya), "DELETE", `/api/folders/${folderId}`)).status).toBe(204);
    expect((await as(people.maya).fetch(`/api/folders/${folderId}`)).status).toBe(404);
  });
});

describe("a workflow's PATCH into a folder", () => {
  it("files it only into a folder the caller may add workflows to, before anything of the draft is saved", async () => {
    const made = (await (await send(as(people.stranger), "POST", "/api/folders", { name: "Ops" })).json()) as {
      id: string;
    };
    const own = (await (await send(as(people.maya), "POST", "/api/workflows", { name: "Mine", ...ECHO })).json()) as {
      id: string;
    };
    const refused = await send(as(people.maya), "PATCH", `/api/workflows/${own.id}`, { name: "X", folderId: made.id });
    expect(refused.status).toBe(403);
    expect(((await (await as(people.maya).fetch(`/api/workflows/${own.id}`)).json()) as { name: string }).name).toBe(
      "Mine",
    );
    const added = await send(as(people.stranger), "PUT", `/api/folders/${made.id}/members/${people.maya.userId}`, {
      role: "editor",
    });
    expect(added.status).toBe(200);
    const both = await send(as(people.maya), "PATCH", `/api/workflows/${own.id}`, { name: "Ours", folderId: made.id });
    expect(both.status).toBe(200);
    expect(await (await as(people.stranger).fetch(`/api/workflows/${own.id}`)).json()).toMatchObject({
      name: "Ours",
      folderId: made.id,
    });
  });
});

describe("an API key limited to a folder", () => {
  it("reads that folder and no other, and manages no folder", async () => {
    const make = async (name: string) =>
      (await (await send(as(people.maya), "POST", "/api/folders", { name })).json()) as { id: string };
    const folder = await make("Keys");
    const other = await make("Not the key's");
    const created = await createApiKey(people.maya.userId, "folder key", [], folder.id);
    if (!created.ok) throw new Error(created.error);
    const key = apiClient(stack.url, { authorization: `Bearer ${created.key}` });
    const listed = await key.fetch("/api/folders");
    expect(listed.status).toBe(200);
    // Maya is in both (and more), the key sees its own.
    expect(((await listed.json()) as { folders: { id: string }[] }).folders.map(({ id }) => id)).toEqual([folder.id]);
    expect((await key.fetch(`/api/folders/${folder.id}`)).status).toBe(200);
    expect((await key.fetch(`/api/folders/${folder.id}/members`)).status).toBe(200);
    expect((await key.fetch(`/api/folders/${other.id}`)).status).toBe(404);
    expect((await key.fetch(`/api/folders/${other.id}/members`)).status).toBe(404);
    const renamed = await send(key, "PATCH", `/api/folders/${folder.id}`, { name: "Key's" });
    expect(renamed.status).toBe(403);
    expect(await errorOf(renamed)).toContain("limited to some workflows");
  });
});
