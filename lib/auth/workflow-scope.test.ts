/** The rule for keys limited to some workflows: no limit means all, a limit lets in only its ids. */
import { describe, expect, it } from "vitest";
import { mayUseWorkflow, outsideScopeMessage, withinScope, workflowIdsOf, workflowPermissions } from "./workflow-scope";

describe("a key's workflow limit", () => {
  it("is kept as better-auth permissions, and none picked means no limit", () => {
    expect(workflowPermissions(["a", "b", "a"])).toEqual({ workflow: ["a", "b"] });
    expect(workflowPermissions([])).toBeUndefined();
    expect(workflowPermissions(undefined)).toBeUndefined();
    expect(workflowIdsOf({ workflow: ["a"] })).toEqual(["a"]);
    expect(workflowIdsOf(null)).toBeNull();
    expect(workflowIdsOf({ other: ["x"] })).toBeNull();
  });

  it("lets a limited key use only its workflows, and an unlimited one all", () => {
    const limited = { workflowIds: ["a"] };
    expect(mayUseWorkflow(limited, "a")).toBe(true);
    expect(mayUseWorkflow(limited, "b")).toBe(false);
    expect(mayUseWorkflow({ workflowIds: null }, "b")).toBe(true);
    expect(withinScope(limited, [{ id: "b" }, { id: "a" }], (item) => item.id)).toEqual([{ id: "a" }]);
  });

  it("names the refused workflow", () => {
    expect(outsideScopeMessage({ id: "wf1", name: "Billing" })).toContain(
      'workflow "Billing" (wf1) is not one of them',
    );
    expect(outsideScopeMessage({ id: "wf1" })).toContain("workflow wf1 is not");
  });
});
