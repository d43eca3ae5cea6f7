/** A judge's model node resolved against a graph: the node's model settings, the judge's own laid over them. */
import { describe, expect, it } from "vitest";
import { graphNode } from "../testing/fixtures";
import type { WorkflowGraph } from "../workflow/graph";
import { resolveJudges } from "./judge-node";
import { EvaluatorConfig } from "./evaluators/kinds";

const graph = {
  nodes: [
    graphNode("entry", "core.entry"),
    graphNode("writer", "core.llm", {
      params: {
        provider: "openai-compatible",
        baseUrl: "http://models.example/v1",
        model: "writer-1",
        apiKey: { $secret: "WRITER_KEY" },
        systemPrompt: "Write well",
      },
    }),
  ],
  edges: [],
} as unknown as WorkflowGraph;

const judge = (settings: object) => EvaluatorConfig.parse({ kind: "llmJudge", rubric: "Good", ...settings });

describe("a judge's model node", () => {
  it("lends its provider, model and key (and nothing else), under the judge's own settings", () => {
    const resolved = resolveJudges([judge({ modelNode: "writer", model: { model: "judge-1" } })], graph);
    expect(resolved).toEqual({
      ok: true,
      evaluators: [
        expect.objectContaining({
          modelNode: "writer",
          model: {
            provider: "openai-compatible",
            baseUrl: "http://models.example/v1",
            model: "judge-1",
            apiKey: { $secret: "WRITER_KEY" },
          },
        }),
      ],
    });
  });

  it("leaves other evaluators as they are and names what is wrong with a judge", () => {
    const contains = EvaluatorConfig.parse({ kind: "contains" });
    expect(resolveJudges([contains], graph)).toEqual({ ok: true, evaluators: [contains] });
    expect(resolveJudges([contains, judge({ modelNode: "entry" })], graph)).toEqual({
      ok: false,
      message: 'evaluators.1.modelNode: node "entry" (entry) is a core.entry, not an Agent or LLM node',
    });
    expect(resolveJudges([judge({ model: { provider: "nonsense" } })], graph)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^evaluators\.0: provider: Invalid option/),
    });
  });
});
