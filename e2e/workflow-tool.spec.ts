/**
 * A workflow as a tool, as a person sees it: the Workflow Tool's picker names the other workflow,
 * a run of the agent lists the child run it started, and the child run links back to its parent.
 */
import { expect, test } from "./support/test";
import { EditorPage } from "./pages/editor-page";
import { RunPage } from "./pages/run-page";

const node = (id: string, type: string, label: string, x: number, y: number, extra: Record<string, unknown> = {}) => ({
  id,
  type,
  position: { x, y },
  data: { label, mode: "normal", params: {}, ...extra },
});

test("an agent calls another workflow through a Workflow Tool, and the two runs link to each other", async ({
  page,
  request,
}) => {
  const child = await request.post("/api/workflows", {
    data: {
      publish: true,
      name: "Shout it",
      nodes: [
        node("entry", "core.entry", "Entry", 80, 160, {
          params: { inputFields: [{ name: "text", type: "string", required: true }] },
        }),
        node("code", "core.code", "Shout", 380, 160, { params: { code: "return input.text.toUpperCase() + '!';" } }),
        node("out", "core.output", "Out", 680, 160, { params: { value: "{{shout.result}}" } }),
      ],
      edges: [{ id: "e1", source: "entry", sourceHandle: "output", target: "code", targetHandle: "input" }],
    },
  });
  const { id: childId } = (await child.json()) as { id: string };
  const parent = await request.post("/api/workflows", {
    data: {
      publish: true,
      name: "Agent with a workflow tool",
      nodes: [
        node("entry", "core.entry", "Entry", 60, 120),
        node("agent", "core.agent", "Agent", 380, 120, {
          params: {
            provider: "scripted",
            script: {
              toolCalls: [{ tool: "shout_it", args: { text: "hello" } }],
              finalText: "The other workflow said {{results.0}}",
            },
          },
        }),
        node("tool", "core.workflow.tool", "Shout it", 60, 420, { mode: "tool", params: { workflowId: childId } }),
      ],
      edges: [
        { id: "e1", source: "entry", sourceHandle: "output", target: "agent", targetHandle: "input" },
        { id: "e2", source: "tool", sourceHandle: "tool", target: "agent", targetHandle: "tools" },
      ],
    },
  });
  const { id: parentId } = (await parent.json()) as { id: string };

  const editor = new EditorPage(page);
  await page.goto(`/workflows/${parentId}`);
  await editor.select(editor.node("Shout it"));
  await expect(editor.param("workflowId").locator("option:checked")).toHaveText("Shout it");

  await editor.run();
  const run = new RunPage(page);
  await run.expectCompleted();
  await expect(run.finalAnswer).toContainText("The other workflow said HELLO!");
  await expect(page.getByTestId("child-runs")).toBeVisible();
  await page.screenshot({ path: "test-results/workflow-tool-parent.png" });
  const parentUrl = page.url();

  await page.getByTestId("child-run-link").click();
  await expect(page).not.toHaveURL(parentUrl);
  await run.expectCompleted();
  await expect(page.getByTestId("run-workflow-link")).toHaveText("Shout it");
  await page.getByTestId("parent-run-link").click();
  await expect(page).toHaveURL(parentUrl);
});
