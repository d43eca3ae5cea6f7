/**
 * Knowledge bases end to end below the API: documents (text, Markdown, HTML, a PDF) added, indexed by the real
 * `knowledge` worker over real Redis, embedded by a real HTTP server speaking the OpenAI embeddings API (hashed
 * bag-of-words vectors, so the test knows which chunk a query must find), stored in a real LanceDB on disk, searched
 * with filters and a threshold; a failing provider marks the document failed, naming the model, never the key. A
 * deleted document takes its chunks with it, even one deleted while it is being embedded, and a search never returns
 * (and sweeps) chunks whose document is gone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Worker } from "bullmq";
import { getDb } from "../db/client";
import { putSecret } from "../secrets/secret-store";
import { startFakeEmbeddings } from "../testing/fake-embeddings";
import { waitFor } from "../testing/wait-for";
import { addDocument, DocumentUpload } from "./add-document";
import { startKnowledgeWorker } from "./knowledge-worker";
import {
  createKnowledgeBase,
  deleteDocument,
  deleteKnowledgeBase,
  findKnowledgeBase,
  listDocuments,
  queueAllDocuments,
  type KnowledgeBaseView,
  type KnowledgeDocumentView,
} from "./knowledge-store";
import { addIndexJobs } from "./knowledge-queue";
import { searchKnowledge } from "./search";
import { countChunks } from "./vector-store";
import { minimalPdf } from "../testing/minimal-pdf";

let embeddings: Awaited<ReturnType<typeof startFakeEmbeddings>>;
let worker: Worker;
let base: KnowledgeBaseView;

const HANDBOOK = [
  "Holidays: every employee has twenty five days of paid holiday a year, booked through the people portal.",
  "Expenses: receipts for travel and meals are submitted within thirty days; the finance team pays them monthly.",
  "Security: laptops lock after five minutes, and passwords rotate every ninety days under the security policy.",
].join("\n\n");

async function indexed(name: string, of = base): Promise<KnowledgeDocumentView> {
  return waitFor(
    `"${name}" indexed`,
    async () => {
      const document = (await listDocuments(of.id)).find((doc) => doc.name === name);
      return document && (document.status === "ready" || document.status === "failed") ? document : undefined;
    },
    20_000,
  );
}

beforeAll(async () => {
  embeddings = await startFakeEmbeddings();
  await putSecret("EMBED_KEY", "sk-embed-very-secret", ["127.0.0.1"]);
  worker = startKnowledgeWorker();
  const existing = await findKnowledgeBase("handbook");
  if (existing) await deleteKnowledgeBase(existing.id);
  base = await createKnowledgeBase({
    name: "handbook",
    description: "Company handbook",
    embedding: {
      provider: "openai-compatible",
      baseUrl: embeddings.url,
      model: "fake-embed",
      apiKeySecret: "EMBED_KEY",
    },
    chunkSize: 120,
    chunkOverlap: 0,
  });
});

afterAll(async () => {
  await worker?.close();
  await embeddings?.close();
});

describe("knowledge bases", () => {
  it("indexes a document into chunks and finds the one a question is about", async () => {
    await addDocument(
      base,
      DocumentUpload.parse({ name: "handbook.txt", text: HANDBOOK, metadata: { team: "people" } }),
    );
    const document = await indexed("handbook.txt");
    expect(document).toMatchObject({ status: "ready", chunkCount: 3, embeddedCount: 3 });
    expect(await countChunks(base.id)).toBe(3);
    expect(embeddings.received[0]).toMatchObject({ authorization: "Bearer sk-embed-very-secret", model: "fake-embed" });

    const chunks = await searchKnowledge(base, { query: "how many days of paid holiday", topK: 2 });
    expect(chunks).toHaveLength(2);
    expect(chunks[0]).toMatchObject({ document: "handbook.txt", chunk: 0 });
    expect(chunks[0].text).toContain("twenty five days");
    expect(chunks[0].score).toBeGreaterThan(chunks[1].score);
  });

  it("reads Markdown, HTML and PDF documents", async () => {
    const html = "<html><body><h1>Parking</h1><p>Bicycles park in the basement garage.</p><script>no()</script>";
    await addDocument(
      base,
      DocumentUpload.parse({ name: "parking.html", text: html, metadata: { team: "facilities" } }),
    );
    await addDocument(
      base,
      DocumentUpload.parse({
        name: "onboarding.pdf",
        contentBase64: minimalPdf("Onboarding buddies meet new starters"),
      }),
    );
    await addDocument(
      base,
      DocumentUpload.parse({ name: "lunch.md", text: "# Lunch\n\nThe canteen serves soup daily." }),
    );
    for (const name of ["parking.html", "onboarding.pdf", "lunch.md"])
      expect(await indexed(name)).toMatchObject({ status: "ready" });
    const [parking] = await searchKnowledge(base, { query: "where do bicycles park", topK: 1 });
    expect(parking).toMatchObject({ document: "parking.html" });
    expect(parking.text).not.toContain("no()");
    const [pdf] = await searchKnowledge(base, { query: "onboarding buddies", topK: 1 });
    expect(pdf).toMatchObject({ document: "onboarding.pdf" });
    expect(pdf.text).toContain("Onboarding buddies meet new starters");
  });

  it("filters by document and metadata before ranking, and cuts at a score threshold", async () => {
    const question = "where do bicycles park";
    const onlyHandbook = await searchKnowledge(base, { query: question, filter: { documents: ["handbook.txt"] } });
    expect(onlyHandbook.length).toBeGreaterThan(0);
    expect(onlyHandbook.every((chunk) => chunk.document === "handbook.txt")).toBe(true);
    const people = await searchKnowledge(base, { query: question, filter: { metadata: { team: "people" } } });
    expect(people.map((chunk) => chunk.document)).toEqual(["handbook.txt", "handbook.txt", "handbook.txt"]);
    expect(await searchKnowledge(base, { query: question, filter: { metadata: { team: "nobody" } } })).toEqual([]);
    const all = await searchKnowledge(base, { query: question, topK: 10 });
    const threshold = (all[0].score + all[1].score) / 2;
    const strict = await searchKnowledge(base, { query: question, topK: 10, minScore: threshold });
    expect(strict.map((chunk) => chunk.document)).toEqual(["parking.html"]);
  });

  it("names what is wrong with a bad request", async () => {
    await expect(searchKnowledge(base, { query: "  " })).rejects.toThrow("query: say what to search for");
    await expect(searchKnowledge(base, { query: "x", topK: 500 })).rejects.toThrow("topK: at most 50");
    expect(
      DocumentUpload.safeParse({ name: "a", text: "x", url: "https://example.com" }).error?.issues[0].message,
    ).toBe("Send exactly one of text, contentBase64 or url");
    await expect(addDocument(base, DocumentUpload.parse({ name: "blank.txt", text: "   " }))).rejects.toThrow(
      "The document has no text to index",
    );
    await expect(
      addDocument(base, DocumentUpload.parse({ name: "x.bin", contentBase64: "AAEC", mediaType: "image/png" })),
    ).rejects.toThrow('mediaType: "image/png" is not a kind of document');
  });

  it("re-indexes every document as a job with progress, and a failing provider fails the document by name", async () => {
    const before = embeddings.received.length;
    await addIndexJobs(await queueAllDocuments(base.id));
    for (const name of ["handbook.txt", "parking.html", "onboarding.pdf", "lunch.md"])
      expect(await indexed(name)).toMatchObject({ status: "ready" });
    expect(embeddings.received.length).toBeGreaterThan(before);
    expect(await countChunks(base.id)).toBe(6);

    embeddings.fail(500);
    await addDocument(base, DocumentUpload.parse({ name: "doomed.txt", text: "this will not embed" }));
    const doomed = await indexed("doomed.txt");
    embeddings.fail(undefined);
    expect(doomed.status).toBe("failed");
    expect(doomed.error).toContain('Embedding with openai-compatible model "fake-embed" failed');
    expect(doomed.error).not.toContain("sk-embed-very-secret");
  });
});

describe("deleting a document", () => {
  let notes: KnowledgeBaseView;

  /** How the worker's job for this document ended. */
  const jobEnd = (documentId: string) =>
    new Promise<string>((resolve) => {
      const ended = (outcome: string) => (job: { data: { documentId: string } } | undefined) => {
        if (job?.data.documentId === documentId) resolve(outcome);
      };
      worker.on("completed", ended("completed"));
      worker.on("failed", ended("failed"));
    });

  beforeAll(async () => {
    const existing = await findKnowledgeBase("handbook-deletes");
    if (existing) await deleteKnowledgeBase(existing.id);
    const { embedding, chunkOverlap } = base;
    notes = await createKnowledgeBase({
      name: "handbook-deletes",
      description: "",
      embedding,
      chunkSize: 200,
      chunkOverlap,
    });
  });

  it("removes its chunks: a search no longer finds it, and still finds the other document", async () => {
    const garden = await addDocument(
      notes,
      DocumentUpload.parse({ name: "garden.txt", text: "The roof garden opens at noon for staff lunches." }),
    );
    const printer = await addDocument(
      notes,
      DocumentUpload.parse({ name: "printer.txt", text: "The printer on floor two jams on thick paper." }),
    );
    for (const name of ["garden.txt", "printer.txt"])
      expect(await indexed(name, notes)).toMatchObject({ status: "ready", error: null });
    expect(await countChunks(notes.id)).toBe(2);
    const [before] = await searchKnowledge(notes, { query: "when does the roof garden open", topK: 1 });
    expect(before).toMatchObject({ document: "garden.txt", documentId: garden.id });

    expect(await deleteDocument(notes.id, garden.id)).toBe(true);
    expect((await listDocuments(notes.id)).map((doc) => doc.name)).toEqual(["printer.txt"]);
    expect(await countChunks(notes.id)).toBe(1);
    const after = await searchKnowledge(notes, { query: "when does the roof garden open", topK: 10 });
    expect(after.map((chunk) => chunk.documentId)).toEqual([printer.id]);
    const [paper] = await searchKnowledge(notes, { query: "printer jams on thick paper", topK: 1 });
    expect(paper).toMatchObject({ document: "printer.txt", text: expect.stringContaining("thick paper") });

    expect(await deleteDocument(notes.id, garden.id)).toBe(false);
    expect(await deleteDocument(base.id, printer.id)).toBe(false); // another base's document is not this one's
    expect(await countChunks(notes.id)).toBe(1);
  });

  it("a delete that stopped between the row and its chunks: search never returns them, and sweeps them", async () => {
    const lockers = await addDocument(
      notes,
      DocumentUpload.parse({ name: "lockers.txt", text: "Lockers in the basement are emptied every Friday evening." }),
    );
    expect(await indexed("lockers.txt", notes)).toMatchObject({ status: "ready" });
    const chunksBefore = await countChunks(notes.id);
    // The row goes, the chunks stay: as if the process died inside deleteDocument.
    await getDb().knowledgeDocument.deleteMany({ where: { id: lockers.id } });
    expect(await countChunks(notes.id)).toBe(chunksBefore);

    const hits = await searchKnowledge(notes, { query: "when are the basement lockers emptied", topK: 10 });
    expect(hits.map((chunk) => chunk.documentId)).not.toContain(lockers.id);
    expect(hits.map((chunk) => chunk.document)).toContain("printer.txt"); // the search still answers with what is left
    expect(await countChunks(notes.id)).toBe(chunksBefore - 1);
  });

  it("deleted while it is being embedded, the job stops without error and writes no chunks", async () => {
    const release = embeddings.hold();
    try {
      const text = "Fire drills happen on the first Monday of every quarter.";
      const drills = await addDocument(notes, DocumentUpload.parse({ name: "drills.txt", text }));
      const ended = jobEnd(drills.id);
      await waitFor(
        "drills.txt sent to be embedded",
        () => embeddings.received.find((r) => r.inputs.includes(text)),
        20_000,
      );
      expect((await listDocuments(notes.id)).find((doc) => doc.id === drills.id)?.status).toBe("indexing");
      expect(await deleteDocument(notes.id, drills.id)).toBe(true);
      release();
      expect(await ended).toBe("completed");
      expect((await listDocuments(notes.id)).map((doc) => doc.name)).toEqual(["printer.txt"]);
      expect(await countChunks(notes.id)).toBe(1);
      const hits = await searchKnowledge(notes, { query: "when are fire drills", topK: 10 });
      expect(hits.map((chunk) => chunk.document)).toEqual(["printer.txt"]);
    } finally {
      release();
    }
  });
});
