/** The run view's line about where a run came from. */
import { describe, expect, it } from "vitest";
import { describeRunOrigin } from "./run-origin";

describe("describeRunOrigin", () => {
  it("says what started the run, who, and which graph it ran", () => {
    const olive = { userId: "u1", name: "Olive", via: "session" as const };
    expect(describeRunOrigin({ kind: "manual", by: olive }, null)).toBe("Run from the editor by Olive · the draft");
    expect(describeRunOrigin({ kind: "api", by: { ...olive, via: "api-key" } }, 3)).toBe(
      "Started through the API by Olive's API key · version 3",
    );
    expect(describeRunOrigin({ kind: "schedule", nodeId: "tick" }, 2)).toBe("Started by a schedule · version 2");
    expect(
      describeRunOrigin({ kind: "manual", by: olive, test: { mode: "node", ranNodeIds: [], pinnedNodeIds: [] } }, null),
    ).toBe("A test run from the editor by Olive · the draft");
    expect(describeRunOrigin(null, null)).toBe("Ran the draft");
  });
});
