/**
 * A small real HTTP server that speaks the OpenAI embeddings API (POST …/embeddings, as OpenAI, vLLM and Ollama's /v1
 * do): each input becomes a deterministic vector — a hashed bag of its words, L2-normalised — so texts that share
 * words are near and a test can say which chunk a query must find. It records what it was sent (the key included),
 * and can be told to fail, or to hold its answers until released (to act while a document is being embedded).
 */
import { createHash } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export const FAKE_EMBEDDING_DIMENSIONS = 64;

const words = (text: string) => text.toLowerCase().match(/[a-z0-9]+/g) ?? [];

/** The vector of a text: each word adds 1 at two hashed positions (one of them negative), then L2-normalised. */
export function hashedEmbedding(text: string, dimensions = FAKE_EMBEDDING_DIMENSIONS): number[] {
  const vector = new Array<number>(dimensions).fill(0);
  for (const word of words(text)) {
    const hash = createHash("sha1").update(word).digest();
    vector[hash.readUInt32BE(0) % dimensions] += 1;
    vector[hash.readUInt32BE(4) % dimensions] -= 0.5;
  }
  const norm = Math.hypot(...vector) || 1;
  return vector.map((value) => value / norm);
}

export type EmbeddingRequest = { authorization?: string; path: string; model: string; inputs: string[] };

export async function startFakeEmbeddings({ dimensions = FAKE_EMBEDDING_DIMENSIONS } = {}) {
  const received: EmbeddingRequest[] = [];
  let failWith: number | undefined;
  let held: Promise<void> | undefined;
  const server = createServer(async (req, res) => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const url = new URL(req.url ?? "/", "http://fake");
    if (req.method !== "POST" || !url.pathname.endsWith("/embeddings")) return void res.writeHead(404).end();
    const body = JSON.parse(raw) as { model: string; input: string | string[] };
    const inputs = Array.isArray(body.input) ? body.input : [body.input];
    received.push({ authorization: req.headers.authorization, path: url.pathname, model: body.model, inputs });
    await held;
    if (failWith !== undefined)
      return void res
        .writeHead(failWith, { "content-type": "application/json" })
        .end(JSON.stringify({ error: { message: "the fake embeddings server was told to fail" } }));
    const data = inputs.map((input, index) => ({
      object: "embedding",
      index,
      embedding: hashedEmbedding(input, dimensions),
    }));
    const tokens = inputs.reduce((sum, input) => sum + words(input).length, 0);
    res.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify({
        object: "list",
        data,
        model: body.model,
        usage: { prompt_tokens: tokens, total_tokens: tokens },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    received,
    /** Answers every later request with this status (undefined: answers again). */
    fail: (status: number | undefined) => {
      failWith = status;
    },
    /** Holds every later answer until the returned function is called. */
    hold: () => {
      let release = () => {};
      held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        held = undefined;
        release();
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
