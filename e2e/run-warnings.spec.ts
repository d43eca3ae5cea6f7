/**
 * What a node warns about while it runs — here an Agent whose allow-list matches none of its wired
 * tools, so it answers without them — stands out in the run's timeline as a warning, named after
 * the node, without failing the run.
 */
import { expect, test } from "./support/test";
import { RunPage } from "./pages/run-page";
import { graphNode } from "./support/graph-node";

test("a node's warning stands out in the run's timeline, and the run still completes", async ({ page, request }) => {
  const created = await request.post("/api/workflows", {
    data: {
      publish: true,
      name: "Researcher without tools",
      nodes: [
        graphNode("Entry", "core.entry", 0, 0, {}),
        graphNode("Researcher", "core.agent", 320, 0, {
          params: {
            provider: "scripted",
            allowedTools: "fetch_page",
            script: { toolCalls: [], finalText: "Answered from memory" },
          },
        }),
        graphNode("Wait", "core.wait", 200, 320, { mode: "tool" }),
      ],
      edges: [
        { id: "e1", source: "Entry", sourceHandle: "output", target: "Researcher", targetHandle: "input" },
        { id: "e2", source: "Wait", sourceHandle: "tool", target: "Researcher", targetHandle: "tools" },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const started = await request.post(`/api/workflows/${id}/runs`, { data: { input: "What is new?" } });
  const { runId } = (await started.json()) as { runId: string };

  const run = new RunPage(page);
  await page.goto(`/runs/${runId}`);
  await run.expectCompleted();
  await expect(run.finalAnswer).toContainText("Answered from memory");
  const warning = page.locator('[data-testid="timeline-event"][data-event-type="log"]');
  await expect(warning).toHaveCount(1);
  await expect(warning).toHaveClass(/timeline-warning/);
  await expect(warning).toContainText(
    "Researcher: 1 tool node is wired in, but the gateway offers no tools: its allowed tools (fetch_page) match none " +
      'of theirs. "Researcher" goes on without tools.',
  );
  await warning.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/screenshots/run-warning.png" });
});
