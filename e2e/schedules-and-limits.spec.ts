/**
 * What a person sees of a saved schedule and sets for a workflow's runs at once: the Schedule
 * node's inspector shows, for the saved schedule, BullMQ's next firing (armed by the worker) and its
 * missed-firing setting; the workflow settings take "Runs at once", saved as maxConcurrentRuns.
 */
import { expect, test } from "./support/test";
import { EditorPage } from "./pages/editor-page";

test("a saved schedule shows its next and last firing, and Runs at once is saved with the workflow", async ({
  page,
  request,
}) => {
  const created = await request.post("/api/workflows", {
    data: {
      publish: true,
      name: "Hourly report",
      nodes: [
        {
          id: "tick",
          type: "trigger.schedule",
          position: { x: 100, y: 160 },
          data: { label: "Hourly", mode: "normal", params: { cron: "0 * * * *", timezone: "UTC" } },
        },
        {
          id: "out",
          type: "core.output",
          position: { x: 420, y: 160 },
          data: { label: "Out", mode: "normal", params: {} },
        },
      ],
      edges: [{ id: "e1", source: "tick", sourceHandle: "output", target: "out", targetHandle: "value" }],
    },
  });
  const { id } = (await created.json()) as { id: string };
  const editor = new EditorPage(page);
  await page.goto(`/workflows/${id}`);
  await editor.select(editor.nodes.filter({ hasText: "Hourly" }));
  const record = editor.inspector.getByTestId("schedule-record");
  await expect(record.getByTestId("schedule-next-firing")).toContainText(/Next firing: \w+ \d+, \d{4}/);
  await expect(record.getByTestId("schedule-last-firing")).toHaveText("Last firing: not yet");
  // The next three run times, worked out in the page (the cron parser loads when a schedule is first selected).
  const times = editor.inspector.getByTestId("schedule-next-runs").locator("li");
  await expect(times).toHaveCount(3);
  await expect(times.first()).toContainText(/\w+ \d+, \d{4}, \d+:00:00 (AM|PM) \(UTC\)/);
  await expect(editor.param("missedFirings")).toHaveValue("skip");
  await editor.param("missedFirings").selectOption("catchUpOnce");

  await editor.canvas.click({ position: { x: 10, y: 10 } }); // nothing selected: the workflow's settings
  await editor.inspector.getByTestId("max-concurrent-runs").fill("2");
  await editor.save();

  // Both were saved: a reload shows them again.
  await page.reload();
  await expect(editor.inspector.getByTestId("max-concurrent-runs")).toHaveValue("2");
  await editor.select(editor.nodes.filter({ hasText: "Hourly" }));
  await expect(editor.param("missedFirings")).toHaveValue("catchUpOnce");
  const stored = await request.get(`/api/workflows/${id}/schedules`);
  expect(((await stored.json()) as { schedules: { nodeId: string; armed: boolean }[] }).schedules).toEqual([
    expect.objectContaining({ nodeId: "tick", armed: true }),
  ]);
});
