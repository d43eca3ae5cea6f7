/**
 * Offering a workflow to other agents over A2A, as a person does it: switch on "Expose over A2A" in the workflow
 * settings with a description, publish, and find the Agent Card at the well-known path; the A2A Agent tool's settings
 * show in the inspector.
 */
import { expect, test } from "./support/test";
import { EditorPage } from "./pages/editor-page";

const node = (id: string, type: string, x: number, y: number, label: string, params = {}, mode = "normal") => ({
  id,
  type,
  position: { x, y },
  data: { label, mode, params },
});

test("a workflow exposed over A2A serves its Agent Card once published", async ({ page, request }) => {
  const created = await request.post("/api/workflows", {
    data: {
      publish: true,
      name: "Echo over A2A",
      nodes: [
        node("entry", "core.entry", 100, 160, "Entry"),
        node("out", "core.output", 420, 160, "Out"),
        node("peer", "core.a2a.agent", 420, 360, "Peer agent", { cardUrl: "https://agent.example/" }, "tool"),
      ],
      edges: [{ id: "e1", source: "entry", sourceHandle: "output", target: "out", targetHandle: "value" }],
    },
  });
  const { id } = (await created.json()) as { id: string };
  const card = `/api/a2a/${id}/.well-known/agent-card.json`;
  expect((await request.get(card)).status()).toBe(404);

  const editor = new EditorPage(page);
  await page.goto(`/workflows/${id}`);
  await page.getByTestId("a2a-expose-toggle").check();
  await page.locator("#a2a-description").fill("Echoes what it is sent.");
  await page.getByTestId("a2a-exposure").screenshot({ path: "test-results/a2a-exposure.png" });
  await editor.save();
  await page.getByTestId("publish-workflow").click();
  await page.getByTestId("publish-confirm").click();
  await expect(page.getByTestId("publish-state")).toHaveText("v2 live");

  const answer = await request.get(card);
  expect(answer.status()).toBe(200);
  expect(await answer.json()).toMatchObject({ name: "Echo over A2A", description: "Echoes what it is sent." });

  await page.locator(".react-flow__node", { hasText: "Peer agent" }).click();
  await expect(page.getByTestId("inspector")).toContainText("Agent Card URL");
  await page.getByTestId("inspector").screenshot({ path: "test-results/a2a-agent-tool.png" });
});
