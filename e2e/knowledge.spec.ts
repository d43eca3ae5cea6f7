/**
 * The Knowledge page: an editor makes a knowledge base embedded by a real HTTP server speaking the OpenAI embeddings
 * API, pastes a document, watches it indexed, and a search shows the right chunk with its document and score.
 */
import { startFakeEmbeddings } from "../lib/testing/fake-embeddings";
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
