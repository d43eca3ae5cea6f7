/**
 * The sharing rule: admins all, owners their own, folder members by the lesser role, the rest nothing; and who does
 * what with a folder (its managers and admins manage it, its editors file into it, its viewers see it).
 */
import { describe, expect, it } from "vitest";
import {
  allows,
  callerAccess,
  folderAccess,
  folderAllows,
  keepsAManager,
  mayCreateFolder,
  personAccess,
  type AccessCaller,
  type WorkflowFacts,
} from "./access-rule";

const caller = (role: AccessCaller["role"], limits: Partial<AccessCaller> = {}): AccessCaller => ({
  userId: "me",
  role,
  workflowIds: null,
  folderIds: null,
  ...limits,
});
const facts = (over: Partial<WorkflowFacts> = {}): WorkflowFacts => ({
  id: "wf",
  ownerId: "someone",
  folderId: null,
  memberRole: null,
  ...over,
});

describe("who may reach a workflow", () => {
  it("gives an admin every workflow, and nobody else one they neither own nor share a folder of", () => {
    expect(personAccess(caller("admin"), facts())).toBe("edit");
    expect(personAccess(caller("editor"), facts())).toBe("none");
    expect(personAccess(caller("viewer"), facts({ folderId: "f" }))).toBe("none");
    expect(personAccess(caller("editor"), facts({ ownerId: null }))).toBe("none");
  });

  it("lets the owner change their own workflow, unless their role is only viewer", () => {
    expect(personAccess(caller("editor"), facts({ ownerId: "me" }))).toBe("edit");
    expect(personAccess(caller("viewer"), facts({ ownerId: "me" }))).toBe("view");
  });

  it("gives a folder member the lesser of their folder role and their own role", () => {
    expect(personAccess(caller("editor"), facts({ folderId: "f", memberRole: "editor" }))).toBe("edit");
    expect(personAccess(caller("editor"), facts({ folderId: "f", memberRole: "viewer" }))).toBe("view");
    expect(personAccess(caller("viewer"), facts({ folderId: "f", memberRole: "editor" }))).toBe("view");
    expect(personAccess(caller("editor"), facts({ folderId: "f", memberRole: "manager" }))).toBe("edit");
    expect(personAccess(caller("viewer"), facts({ folderId: "f", memberRole: "manager" }))).toBe("view");
  });

  it("says viewing is not changing", () => {
    expect(allows("view", "view")).toBe(true);
    expect(allows("view", "edit")).toBe(false);
    expect(allows("edit", "edit")).toBe(true);
    expect(allows("none", "view")).toBe(false);
  });

  it("keeps a key within its folder or workflows, never beyond its owner", () => {
    const inFolder = facts({ folderId: "f", memberRole: "editor" });
    expect(callerAccess(caller("editor", { folderIds: ["f"] }), inFolder)).toEqual({
      access: "edit",
      withinKeyLimit: true,
    });
    expect(callerAccess(caller("admin", { folderIds: ["g"] }), inFolder).withinKeyLimit).toBe(false);
    expect(callerAccess(caller("admin", { folderIds: ["f"] }), facts()).withinKeyLimit).toBe(false);
    expect(callerAccess(caller("editor", { workflowIds: ["wf"] }), facts()).access).toBe("none");
  });
});

describe("who may do what with a folder", () => {
  it("lets admins manage every folder, members by their folder role, and nobody else see it", () => {
    expect(folderAccess(caller("admin"), "f", null)).toBe("manage");
    expect(folderAccess(caller("editor"), "f", "manager")).toBe("manage");
    expect(folderAccess(caller("editor"), "f", "editor")).toBe("file");
    expect(folderAccess(caller("editor"), "f", "viewer")).toBe("view");
    expect(folderAccess(caller("editor"), "f", null)).toBe("none");
  });

  it("never lets an instance viewer do more than see, whatever their folder role", () => {
    expect(folderAccess(caller("viewer"), "f", "manager")).toBe("view");
    expect(folderAccess(caller("viewer"), "f", null)).toBe("none");
    expect(mayCreateFolder(caller("viewer"))).toBe(false);
  });

  it("keeps a key limited to a folder out of every other folder, and limited keys from making folders", () => {
    expect(folderAccess(caller("admin", { folderIds: ["f"] }), "g", null)).toBe("none");
    expect(folderAccess(caller("editor", { folderIds: ["f"] }), "f", "editor")).toBe("file");
    expect(mayCreateFolder(caller("editor"))).toBe(true);
    expect(mayCreateFolder(caller("editor", { folderIds: ["f"] }))).toBe(false);
    expect(mayCreateFolder(caller("admin", { workflowIds: ["wf"] }))).toBe(false);
  });

  it("orders seeing, filing and managing", () => {
    expect(folderAllows("manage", "file")).toBe(true);
    expect(folderAllows("file", "file")).toBe(true);
    expect(folderAllows("file", "manage")).toBe(false);
    expect(folderAllows("view", "file")).toBe(false);
    expect(folderAllows("none", "view")).toBe(false);
  });

  it("keeps a manager in a folder unless an admin decides otherwise", () => {
    const members = [
      { userId: "me", role: "manager" as const },
      { userId: "ben", role: "editor" as const },
    ];
    expect(keepsAManager(caller("editor"), members, "me", "editor")).toBe(false);
    expect(keepsAManager(caller("editor"), members, "me", null)).toBe(false);
    expect(keepsAManager(caller("editor"), members, "ben", null)).toBe(true);
    expect(keepsAManager(caller("editor"), members, "ben", "manager")).toBe(true);
    const twoManagers = [...members, { userId: "cy", role: "manager" as const }];
    expect(keepsAManager(caller("editor"), twoManagers, "me", null)).toBe(true);
    expect(keepsAManager(caller("admin"), members, "me", null)).toBe(true);
  });
});
