/**
 * Parsing a document is untrusted work with a budget: a hostile HTML file (a table of hundreds of thousands of rows,
 * which html-to-text lays out slowly and in memory) fails its own document naming the limit it passed — memory, then
 * time — while the real `knowledge` worker goes on indexing the documents after it. The budget is the operator's
 * setting (SWITCHBOARD_KNOWLEDGE_PARSE_MIB / _SECONDS), set small here (64 MiB, 0.05 s) so the test need not fill
 * 512 MiB.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Worker } from "bullmq";
import { startFakeEmbeddings } from "../testing/fake-embeddings";
import { waitFor } from "../testing/wait-for";
import { addDocument, DocumentUpload } from "./add-document";
import { startKnowledgeWorker } from "./knowledge-worker";
import {
  createKnowledgeBase,
  deleteKnowledgeBase,
  findKnowledgeBase,
  listDocuments,
  type KnowledgeBaseView,
  type KnowledgeDocumentView,
} from "./knowledge-store";
import { searchKnowledge } from "./search";

// Read when the first parsing box starts, which is in this file.
process.env.SWITCHBOARD_KNOWLEDGE_PARSE_MIB = "64";

let embeddings: Awaited<ReturnType<typeof startFakeEmbeddings>>;
let worker: Worker;
let base: KnowledgeBaseView;

/** An HTML table of `rows` rows: 26 bytes a row; html-to-text builds and lays out every cell. */
const hugeTable = (rows: number) =>
  `<html><body><table>${"<tr><td><b>x</b></td></tr>".repeat(rows)}</table></body></html>`;

const settled = (name: string) =>
  waitFor(
    `"${name}" indexed or failed`,
    async () => {
      const document = (await listDocuments(base.id)).find((doc) => doc.name === name);
      return document && (document.status === "ready" || document.status === "failed") ? document : undefined;
    },
    150_000,
  ) as Promise<KnowledgeDocumentView>;

const addHtml = (name: string, html: string) => addDocument(base, DocumentUpload.parse({ name, text: html }));

beforeAll(async () => {
  embeddings = await startFakeEmbeddings();
  worker = startKnowledgeWorker();
  const existing = await findKnowledgeBase("hostile-parsing");
  if (existing) await deleteKnowledgeBase(existing.id);
  base = await createKnowledgeBase({
    name: "hostile-parsing",
    description: "",
    embedding: { provider: "openai-compatible", baseUrl: embeddings.url, model: "fake-embed" },
    chunkSize: 200,
    chunkOverlap: 0,
  });
});

afterAll(async () => {
  await worker?.close();
  await embeddings?.close();
});

describe("a document whose parsing passes its budget", () => {
  it("fails that document for memory, and the worker parses and indexes the next one", async () => {
    await addHtml("table-bomb.html", hugeTable(250_000));
    await addHtml("after-bomb.html", "<html><body><p>Umbrellas are lent at the reception desk.</p></body></html>");
    const bomb = await settled("table-bomb.html");
    expect(bomb.status).toBe("failed");
    expect(bomb.error).toBe("Parsing the HTML ran out of memory (more than 64 MiB) and was stopped");
    expect(await settled("after-bomb.html")).toMatchObject({ status: "ready", chunkCount: 1 });
    const [hit] = await searchKnowledge(base, { query: "where are umbrellas lent", topK: 1 });
    expect(hit).toMatchObject({ document: "after-bomb.html" });
  }, 300_000);

  it("fails a document whose parsing runs past the time limit, and the next one is indexed", async () => {
    // A twentieth of a second: html-to-text takes about 0.4 s over 30 000 rows on an idle machine here, and a faster
    // machine would not be eight times faster (a 1 s limit was, on an idle CI machine).
    process.env.SWITCHBOARD_KNOWLEDGE_PARSE_SECONDS = "0.05";
    try {
      // Small enough for 64 MiB (about 47 MiB), but slow to lay out.
      await addHtml("slow-table.html", hugeTable(30_000));
      const slow = await settled("slow-table.html");
      expect(slow.status).toBe("failed");
      expect(slow.error).toBe("Parsing the HTML took longer than 0.05 s and was stopped");
    } finally {
      delete process.env.SWITCHBOARD_KNOWLEDGE_PARSE_SECONDS;
    }
    await addHtml("after-slow.html", "<p>The bicycle pump hangs beside the garage door.</p>");
    expect(await settled("after-slow.html")).toMatchObject({ status: "ready", chunkCount: 1 });
  }, 300_000);
});
