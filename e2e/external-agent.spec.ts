/**
 * Bring your own agent, as a person does it: the run view shows the MCP URL and a token for the External Agent's tools,
 * and Done ends the step with the answer.
 */
import { expect, test } from "./support/test";
import { RunPage } from "./pages/run-page";

test("an External Agent shows its URL and token, and Done finishes the run with the answer", async ({
  page,
  request,
}) => {
  const created = await request.post("/api/workflows", {
    data: {
      publish: true,
      name: "Bring your own agent",
      nodes: [
        {
          id: "entry",
          type: "core.entry",
          position: { x: 60, y: 120 },
          data: { label: "Entry", mode: "normal", params: { defaultInput: "the logs" } },
        },
        {
          id: "outside",
          type: "core.external.agent",
          position: { x: 380, y: 120 },
          data: { label: "My agent", mode: "normal", params: { instructions: "Look at {{input}} with the HTTP tool" } },
        },
        {
          id: "http",
          type: "core.http.request",
          position: { x: 60, y: 400 },
          data: { label: "HTTP Request", mode: "tool", params: { url: "/api/health" } },
        },
      ],
      edges: [
        { id: "e1", source: "entry", sourceHandle: "output", target: "outside", targetHandle: "input" },
        { id: "e2", source: "http", sourceHandle: "tool", target: "outside", targetHandle: "tools" },
      ],
    },
  });
  const { id } = (await created.json()) as { id: string };
  const started = await request.post(`/api/workflows/${id}/runs`, { data: {} });
  const { runId } = (await started.json()) as { runId: string };
  await page.goto(`/runs/${runId}`);
  const panel = page.getByTestId("external-agent");
  await expect(panel).toContainText("Look at the logs with the HTTP tool");
  await expect(page.getByTestId("external-url")).toHaveText(/\/api\/mcp\/gateway$/);
  await expect(page.getByTestId("external-token")).toHaveText(/^eyJ/);
  await page.screenshot({ path: "test-results/external-agent.png" });
  await page.getByTestId("external-answer").fill("All quiet in the logs.");
  await page.getByTestId("external-done").click();
  const run = new RunPage(page);
  await run.expectCompleted();
  await expect(run.finalAnswer).toContainText("All quiet in the logs.");
});
