/**
 * The Knowledge page: an editor makes a knowledge base embedded by a real HTTP server speaking the OpenAI embeddings
 * API, pastes a document, watches it indexed, and a search shows the right chunk with its document and score; deleting
 * a document (after saying yes) takes it off the list and out of the search. Then an agent searches a base through
 * its tools handle and the run view cites the chunks its answer used.
 */
import { startFakeEmbeddings } from "../lib/testing/fake-embeddings";
import { RunPage } from "./pages/run-page";
import { SecretsPage } from "./pages/secrets-page";
import { graphNode } from "./support/graph-node";
import { expect, test } from "./support/test";

test("a knowledge base: create, add a document, see it indexed, search it", async ({ page }) => {
  const embeddings = await startFakeEmbeddings();
  try {
    await page.goto("/knowledge");
    const create = page.getByTestId("knowledge-create");
    const name = `handbook-${Date.now()}`;
    await create.getByLabel("Name").fill(name);
    await create.getByLabel("Description").fill("Company handbook");
    await create.getByLabel("Base URL").fill(embeddings.url);
    await create.getByLabel("Embedding model").fill("fake-embed");
    await create.getByRole("button", { name: "Create knowledge base" }).click();
    const base = page.getByTestId("knowledge-base").filter({ hasText: name });
    await expect(base).toBeVisible();

    const upload = base.getByTestId("knowledge-upload");
    await upload.getByLabel("Document name").fill("holidays.txt");
    await upload.getByLabel("Document text").fill("Every employee has twenty five days of paid holiday a year.");
    await upload.getByRole("button", { name: "Add document" }).click();
    await expect(base.getByTestId("knowledge-document-status")).toHaveText("ready", { timeout: 30_000 });

    const search = base.getByTestId("knowledge-search");
    await search.getByLabel("Search query").fill("how many days of paid holiday");
    await search.getByRole("button", { name: "Search" }).click();
    const hit = base.getByTestId("knowledge-hits").locator("li").first();
    await expect(hit).toContainText("holidays.txt");
    await expect(hit).toContainText("twenty five days");
    await page.screenshot({ path: "test-results/knowledge-page.png", fullPage: true });
  } finally {
    await embeddings.close();
  }
});

test("a knowledge base: delete a document, and it is gone from the list and the search", async ({ page }) => {
  const embeddings = await startFakeEmbeddings();
  try {
    const name = `deletes-${Date.now()}`;
    const base = await createBase(page, name, embeddings.url);
    const upload = base.getByTestId("knowledge-upload");
    for (const [docName, text] of [
      ["parking.txt", "Bicycles are parked in the basement garage."],
      ["lunch.txt", "The canteen serves soup every day at noon."],
    ]) {
      await upload.getByLabel("Document name").fill(docName);
      await upload.getByLabel("Document text").fill(text);
      await upload.getByRole("button", { name: "Add document" }).click();
      await expect(base.getByTestId("knowledge-document").filter({ hasText: docName })).toBeVisible();
    }
    await expect(base.getByTestId("knowledge-document-status")).toHaveText(["ready", "ready"], { timeout: 30_000 });
    await page.screenshot({ path: "test-results/knowledge-delete-button.png", fullPage: true });

    const parking = base.getByTestId("knowledge-document").filter({ hasText: "parking.txt" });
    await parking.getByRole("button", { name: "Delete parking.txt" }).click();
    const dialog = page.getByTestId("confirm-dialog");
    await expect(dialog).toContainText("Delete “parking.txt”?");
    await page.screenshot({ path: "test-results/knowledge-delete-dialog.png", fullPage: true });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(parking).toBeVisible();

    await parking.getByRole("button", { name: "Delete parking.txt" }).click();
    await dialog.getByTestId("confirm-button").click();
    await expect(parking).toHaveCount(0);
    await expect(base.getByTestId("knowledge-document")).toHaveText([/lunch\.txt/]);
    await page.reload();
    await expect(base.getByTestId("knowledge-document")).toHaveText([/lunch\.txt/]);

    const search = base.getByTestId("knowledge-search");
    await search.getByLabel("Search query").fill("where are bicycles parked");
    await search.getByRole("button", { name: "Search" }).click();
    const hits = base.getByTestId("knowledge-hits").locator("li");
    await expect(hits).toHaveCount(1);
    await expect(hits.first()).toContainText("lunch.txt");
  } finally {
    await embeddings.close();
  }
});

const POLICIES = `<html><body>
<h1>Office policies</h1>
<p>The coffee machine is descaled every Friday afternoon by the facilities team.</p>
<p>Visitors sign in at the front desk and wear a badge at all times.</p>
<p>Bicycles are parked in the basement garage, never in the hallways.</p>
</body></html>`;

/** A base on the Knowledge page; its provider's key, when it needs one, kept as a named secret. */
async function createBase(page: import("@playwright/test").Page, name: string, baseUrl: string, secret?: string) {
  await page.goto("/knowledge");
  const create = page.getByTestId("knowledge-create");
  await create.getByLabel("Name").fill(name);
  await create.getByLabel("Description").fill("Office policies");
  await create.getByLabel("Base URL").fill(baseUrl);
  await create.getByLabel("Embedding model").fill("fake-embed");
  if (secret) await create.getByLabel("API key secret").fill(secret);
  await create.getByLabel("Chunk size").fill("100");
  await create.getByLabel("Chunk overlap").fill("0");
  await create.getByRole("button", { name: "Create knowledge base" }).click();
  const base = page.getByTestId("knowledge-base").filter({ hasText: name });
  await expect(base).toBeVisible();
  return base;
}

/** A published workflow whose scripted agent searches the base through a Knowledge Search tool, and its run's id. */
async function runAgentOn(request: import("@playwright/test").APIRequestContext, baseName: string) {
  const created = await request.post("/api/workflows", {
    data: {
      publish: true,
      name: `Policy answers ${baseName}`,
      nodes: [
        graphNode("Entry", "core.entry", 0, 0),
        graphNode("Assistant", "core.agent", 320, 0, {
          params: {
            provider: "scripted",
            script: {
              toolCalls: [{ tool: "office_policies", args: { query: "when is the coffee machine descaled" } }],
              finalText: "The coffee machine is descaled every Friday, per the office policies.",
            },
          },
        }),
        graphNode("Policies", "core.knowledge.search", 200, 320, {
          label: "Office policies",
          mode: "tool",
          params: { knowledgeBase: baseName, topK: 2 },
          toolConfig: { toolName: "office_policies" },
        }),
      ],
      edges: [
        { id: "e1", source: "Entry", sourceHandle: "output", target: "Assistant", targetHandle: "input" },
        { id: "e2", source: "Policies", sourceHandle: "tool", target: "Assistant", targetHandle: "tools" },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const started = await request.post(`/api/workflows/${id}/runs`, { data: { input: "When is descaling?" } });
  expect(started.status()).toBe(201);
  return ((await started.json()) as { runId: string }).runId;
}

test("an agent searches an uploaded document and the run view cites the chunks it used", async ({ page, request }) => {
  const embeddings = await startFakeEmbeddings();
  try {
    await page.goto("/secrets");
    const secretName = `EMBED_KEY_${Date.now()}`;
    await new SecretsPage(page).add(secretName, "sk-e2e-embed-key");
    const name = `policies-${Date.now()}`;
    const base = await createBase(page, name, embeddings.url, secretName);

    await base.getByLabel("Document file").setInputFiles({
      name: "office-policies.html",
      mimeType: "text/html",
      buffer: Buffer.from(POLICIES),
    });
    await base.getByRole("button", { name: "Add document" }).click();
    const document = base.getByTestId("knowledge-document").filter({ hasText: "office-policies.html" });
    await expect(document.getByTestId("knowledge-document-status")).toHaveText("ready", { timeout: 30_000 });
    await expect(document).toContainText(/\d+ chunks/);
    expect(embeddings.received.at(-1)?.authorization).toBe("Bearer sk-e2e-embed-key");

    const run = new RunPage(page);
    await page.goto(`/runs/${await runAgentOn(request, name)}`);
    await run.expectCompleted();
    await expect(run.finalAnswer).toContainText("descaled every Friday");
    const sources = page.getByTestId("sources");
    await expect(sources.getByTestId("citation-group")).toHaveCount(1);
    await expect(sources).toContainText("when is the coffee machine descaled");
    const top = sources.getByTestId("citation").first();
    await expect(top.getByTestId("citation-document")).toHaveText("office-policies.html");
    await expect(top.getByTestId("citation-excerpt")).toContainText("coffee machine is descaled every Friday");
    await expect(top.getByTestId("citation-score")).toHaveText(/^0\.\d\d$/);
    await expect(sources.getByTestId("citation")).toHaveCount(2);
    await page.screenshot({ path: "test-results/knowledge-citations.png", fullPage: true });

    await sources.getByTestId("citation-base").click();
    await expect(page).toHaveURL(new RegExp(`/knowledge#kb-${name}$`));
    await expect(page.locator(`[id="kb-${name}"]`)).toBeVisible();
  } finally {
    await embeddings.close();
  }
});
