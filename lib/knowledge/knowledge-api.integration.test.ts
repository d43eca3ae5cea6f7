/**
 * Knowledge bases through the real HTTP API and the real engine: a base made and filled over the API (indexed by the
 * workers' `knowledge` queue, embedded by a real HTTP server speaking the OpenAI embeddings API), searched over the
 * API; an agent whose Knowledge Search tool is wired in searches it through the gateway, and the run's events name
 * the chunks it used (document, chunk, score). A document deleted over the API is no longer found. Bad requests are
 * answered 400 naming the field, and a missing document 404 naming it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listEvents } from "../runs/read-events";
import { startFakeEmbeddings } from "../testing/fake-embeddings";
import { graphEdge, graphNode } from "../testing/fixtures";
import { runWorkflowToEnd } from "../testing/run-workflow";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { waitFor } from "../testing/wait-for";

let stack: TestStack;
let embeddings: Awaited<ReturnType<typeof startFakeEmbeddings>>;
let baseId = "";

const send = async (method: string, path: string, body?: unknown) => {
  const response = await stack.fetch(path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, body: (await response.json().catch(() => null)) as Record<string, unknown> };
};

type Doc = { name: string; status: string; chunkCount: number; embeddedCount: number };

beforeAll(async () => {
  stack = await startTestStack();
  embeddings = await startFakeEmbeddings();
  const created = await send("POST", "/api/knowledge", {
    name: `policies-${Date.now()}`,
    description: "travel and office policies",
    embedding: { provider: "openai-compatible", baseUrl: embeddings.url, model: "fake-embed" },
    chunkSize: 200,
    chunkOverlap: 20,
  });
  expect(created.status).toBe(201);
  baseId = created.body.id as string;
});

afterAll(async () => {
  await stack?.close();
  await embeddings?.close();
});

describe("the knowledge API and the Knowledge Search tool", () => {
  it("adds documents, shows their indexing progress, and searches", async () => {
    const travel = "Travel: trains are booked in second class; flights only for trips over six hours.";
    const office = "Office: the coffee machine on floor three is descaled every Friday by facilities.";
    for (const [name, text] of [
      ["travel.md", travel],
      ["office.txt", office],
    ])
      expect((await send("POST", `/api/knowledge/${baseId}/documents`, { name, text })).status).toBe(202);
    const documents = await waitFor(
      "both documents ready",
      async () => {
        const { body } = await send("GET", `/api/knowledge/${baseId}`);
        const docs = body.documents as Doc[];
        return docs.length === 2 && docs.every((doc) => doc.status === "ready") ? docs : undefined;
      },
      60_000,
    );
    expect(documents.map((doc) => [doc.name, doc.chunkCount, doc.embeddedCount])).toEqual([
      ["office.txt", 1, 1],
      ["travel.md", 1, 1],
    ]);
    const found = await send("POST", `/api/knowledge/${baseId}/search`, { query: "are flights allowed", topK: 1 });
    expect(found.status).toBe(200);
    expect(found.body.chunks).toEqual([expect.objectContaining({ document: "travel.md", chunk: 0, text: travel })]);
  });

  it("answers a bad request with 400 naming what is wrong", async () => {
    const search = await send("POST", `/api/knowledge/${baseId}/search`, { query: "x", minScore: 3 });
    expect(search).toMatchObject({ status: 400, body: { error: expect.stringContaining("minScore") } });
    const upload = await send("POST", `/api/knowledge/${baseId}/documents`, { name: "a.txt" });
    expect(upload).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining("Send exactly one of text, contentBase64 or url") },
    });
    const base = await send("POST", "/api/knowledge", {
      name: "bad",
      embedding: { provider: "nope", model: "m" },
    });
    expect(base).toMatchObject({ status: 400, body: { error: expect.stringContaining("embedding.provider") } });
    const overlap = await send("POST", "/api/knowledge", {
      name: "bad",
      embedding: { provider: "ollama", model: "m" },
      chunkSize: 100,
      chunkOverlap: 100,
    });
    expect(overlap).toMatchObject({ status: 400, body: { error: "chunkOverlap: must be smaller than chunkSize" } });
    expect((await send("POST", "/api/knowledge/no-such-base/reindex")).status).toBe(404);
  });

  it("lets an agent search it through the gateway, and the run names the chunks used", async () => {
    const { body } = await send("GET", `/api/knowledge/${baseId}`);
    const { runId, result } = await runWorkflowToEnd(stack, {
      nodes: [
        graphNode("entry", "core.entry"),
        graphNode("agent", "core.agent", {
          params: {
            provider: "scripted",
            script: {
              toolCalls: [{ tool: "policies", args: { query: "when is the coffee machine descaled" } }],
              finalText: "Per the policies: {{results.0}}",
            },
          },
        }),
        graphNode("kb", "core.knowledge.search", {
          label: "Policies",
          mode: "tool",
          params: { knowledgeBase: body.name, topK: 1 },
        }),
      ],
      edges: [graphEdge("entry", "output", "agent", "input"), graphEdge("kb", "tool", "agent", "tools")],
    });
    expect(result.status).toBe("completed");
    expect((result.output as { text: string }).text).toMatch(/Per the policies: .*office\.txt.*descaled every Friday/s);
    const events = await listEvents(runId);
    expect(events.find((event) => event.type === "tool.registered")?.payload).toMatchObject({
      kind: "knowledge",
      description: expect.stringContaining("travel and office policies"),
    });
    const completed = events.find((event) => event.type === "tool.call.completed");
    expect(completed?.payload).toMatchObject({ toolName: "policies", isError: false });
    const used = JSON.parse(String((completed?.payload as { result: string }).result)) as { chunks: unknown[] };
    expect(used.chunks).toEqual([
      {
        document: "office.txt",
        documentId: expect.any(String),
        chunk: 0,
        score: expect.any(Number),
        text: expect.any(String),
      },
    ]);
  });

  it("deletes a document: its chunks go, the other document is still found, a missing one is 404", async () => {
    const { body } = await send("GET", `/api/knowledge/${baseId}`);
    const travel = (body.documents as (Doc & { id: string })[]).find((doc) => doc.name === "travel.md")!;
    expect((await send("DELETE", `/api/knowledge/${baseId}/documents/${travel.id}`)).status).toBe(204);
    const left = await send("GET", `/api/knowledge/${baseId}`);
    expect((left.body.documents as Doc[]).map((doc) => doc.name)).toEqual(["office.txt"]);
    const found = await send("POST", `/api/knowledge/${baseId}/search`, { query: "are flights allowed", topK: 5 });
    expect((found.body.chunks as { document: string }[]).map((chunk) => chunk.document)).toEqual(["office.txt"]);

    expect(await send("DELETE", `/api/knowledge/${baseId}/documents/${travel.id}`)).toEqual({
      status: 404,
      body: { code: "not-found", error: `No document "${travel.id}" in knowledge base "${body.name}"` },
    });
    expect((await send("DELETE", `/api/knowledge/${baseId}/documents/no-such.txt`)).body.error).toBe(
      `No document "no-such.txt" in knowledge base "${body.name}"`,
    );
    expect((await send("DELETE", "/api/knowledge/no-such-base/documents/office.txt")).status).toBe(404);
    expect((await send("DELETE", `/api/knowledge/${baseId}/documents/office.txt`)).status).toBe(204);
    expect((await send("GET", `/api/knowledge/${baseId}`)).body.documents).toEqual([]);
  });

  it("fails a run whose Knowledge Search names no base, naming the node", async () => {
    const { result } = await runWorkflowToEnd(stack, {
      nodes: [
        graphNode("entry", "core.entry"),
        graphNode("kb", "core.knowledge.search", { label: "Lookup", params: { knowledgeBase: "missing", query: "x" } }),
      ],
      edges: [graphEdge("entry", "output", "kb", "query")],
    });
    expect(result.status).toBe("failed");
    expect(JSON.stringify(result)).toContain('there is no knowledge base named \\"missing\\"');
  });
});
