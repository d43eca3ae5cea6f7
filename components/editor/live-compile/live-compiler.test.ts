/**
 * The live checks where no worker can run (Node has no Web Worker; a browser whose policy refuses one): every check
 * runs on the page and answers the compiler's problems; a check overtaken by a newer one, or by stop, answers null.
 */
import { describe, expect, it } from "vitest";
import { catalogueMeta } from "@/lib/nodes";
import type { WorkflowGraph } from "@/lib/workflow/graph";
import { createLiveCompiler } from "./live-compiler";

const node = (id: string, type: string, params: Record<string, unknown> = {}) => ({
  id,
  type,
  position: { x: 0, y: 0 },
  data: { label: id, mode: "normal" as const, params },
});
const graph = (url: string): WorkflowGraph => ({
  nodes: [node("start", "core.entry"), node("fetch", "core.http.request", { method: "GET", url })],
  edges: [{ id: "e", source: "start", sourceHandle: "output", target: "fetch", targetHandle: "body" }],
});

describe("live compiler without a worker", () => {
  it("checks on the page, first and after edits, and only the newest check answers", async () => {
    expect(typeof Worker).toBe("undefined");
    const compiler = createLiveCompiler(catalogueMeta());
    expect(await compiler.check(graph("/api/health"))).toEqual([]);
    const overtaken = compiler.check(graph("/api/health"));
    const newest = compiler.check(graph(""));
    expect(await overtaken).toBeNull();
    expect(await newest).toEqual([
      expect.objectContaining({ nodeId: "fetch", message: expect.stringContaining("URL") }),
    ]);
    const stopped = compiler.check(graph(""));
    compiler.stop();
    expect(await stopped).toBeNull();
  });
});
