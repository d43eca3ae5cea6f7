/** The sharing rule: admins all, owners their own, folder members by the lesser role, the rest nothing. */
import { describe, expect, it } from "vitest";
import { allows, callerAccess, personAccess, type AccessCaller, type WorkflowFacts } from "./access-rule";

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
