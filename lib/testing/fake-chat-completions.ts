/**
 * A small real HTTP server that speaks the OpenAI chat-completions API: it answers each request
 * with the next scripted reply (a tool call, or text) — as one JSON body, or as server-sent
 * `chat.completion.chunk`s when asked to stream (text a few words per chunk) — and records what it
 * was sent, so our real OpenAI-compatible client code runs end to end without the internet. The same
 * wire format is Mistral's, Azure OpenAI's (under /openai/deployments/{name}, with `api-key` and
 * `api-version`) and Ollama's /v1; `models` are listed at GET …/models and, as Ollama does, /api/tags.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

/** A tool call's `arguments` as a string are sent as they are: a model that writes broken JSON. */
export type ScriptedReply =
  { toolCall: { name: string; arguments: Record<string, unknown> | string } } | { text: string };

const argumentsText = ({ toolCall }: { toolCall: { arguments: Record<string, unknown> | string } }) =>
  typeof toolCall.arguments === "string" ? toolCall.arguments : JSON.stringify(toolCall.arguments);
export type ReceivedRequest = {
  authorization?: string;
  /** Azure OpenAI's key header. */
  apiKey?: string;
  path: string;
  query: URLSearchParams;
  body: {
    model: string;
    stream?: boolean;
    temperature?: number;
    max_tokens?: number;
    messages: { role: string; content?: unknown; tool_call_id?: string }[];
    tools?: { function: { name: string } }[];
    tool_choice?: unknown;
    response_format?: { type: string; json_schema?: { name?: string; schema?: unknown } };
  };
};

const USAGE = { prompt_tokens: 20, completion_tokens: 5, total_tokens: 25 };

/** Text in pieces of a few words, as a model streams it. */
export const wordChunks = (text: string, wordsPerChunk = 2): string[] =>
  text.match(new RegExp(`(\\S+\\s*){1,${wordsPerChunk}}|\\s+`, "g")) ?? [""];

/**
 * `byStep`: reply N answers the request whose conversation holds N tool results (an agent's step N,
 * whoever sends it — a resumed agent included), instead of the Nth request received. `replies` may also be a function
 * of the request's body, for a reply that depends on what was asked (a judge grading many answers at once).
 * `thinkMs`: how long the model thinks before it answers (a slow model; may depend on the reply, or be a promise to
 * wait for), and with `paceMs`, a streamed answer's pieces of text come that far apart. `inFlight()` /
 * `maxInFlight()`: the calls being answered now, and the most at once.
 */
export async function startFakeChatCompletions(
  replies: ScriptedReply[] | ((body: ReceivedRequest["body"]) => ScriptedReply),
  {
    byStep = false,
    models = [] as string[],
    thinkMs = 0 as number | ((reply: ScriptedReply) => number | Promise<unknown>),
    paceMs = 0,
  } = {},
) {
  const received: ReceivedRequest[] = [];
  const calls = { open: 0, most: 0 };
  const server = createServer(async (req, res) => {
    calls.most = Math.max(calls.most, ++calls.open);
    res.once("close", () => calls.open--);
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const url = new URL(req.url ?? "/", "http://fake");
    if (req.method === "GET" && listModels(url.pathname, models, res)) return;
    if (req.method !== "POST" || !url.pathname.endsWith("/chat/completions")) return void res.writeHead(404).end();
    const body = JSON.parse(raw) as ReceivedRequest["body"];
    const apiKey = req.headers["api-key"] as string | undefined;
    received.push({
      authorization: req.headers.authorization,
      apiKey,
      path: url.pathname,
      query: url.searchParams,
      body,
    });
    const n = received.length; // before the model thinks: other calls arrive meanwhile
    const index = byStep ? stepOf(body) : n - 1;
    const reply = typeof replies === "function" ? replies(body) : replies[Math.min(index, replies.length - 1)];
    const thinking = typeof thinkMs === "function" ? thinkMs(reply) : thinkMs;
    if (typeof thinking !== "number") await thinking;
    else if (thinking > 0) await new Promise((resolve) => setTimeout(resolve, thinking));
    if (body.stream) return void streamReply(res, n, body.model, reply, paceMs);
    const message =
      "toolCall" in reply
        ? {
            role: "assistant",
            content: null,
            tool_calls: [
              {
                id: `call_${n}`,
                type: "function",
                function: { name: reply.toolCall.name, arguments: argumentsText(reply) },
              },
            ],
          }
        : { role: "assistant", content: reply.text };
    res.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify({
        id: `chatcmpl-${n}`,
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: JSON.parse(raw).model,
        choices: [{ index: 0, message, finish_reason: "toolCall" in reply ? "tool_calls" : "stop" }],
        usage: USAGE,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    baseUrl: `${origin}/v1`,
    received,
    inFlight: () => calls.open,
    maxInFlight: () => calls.most,
    close: () => server.close(),
  };
}

/** GET …/models as OpenAI and Mistral answer it, GET /api/tags as Ollama does; false for any other path. */
function listModels(path: string, models: string[], res: import("node:http").ServerResponse): boolean {
  const body = path.endsWith("/models")
    ? { object: "list", data: models.map((id) => ({ id, object: "model", owned_by: "fake" })) }
    : path === "/api/tags"
      ? { models: models.map((name) => ({ name, model: name, size: 1 })) }
      : undefined;
  if (!body) return false;
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  return true;
}

/** Which step of an agent's conversation a request is: how many tool results it already holds. */
export const stepOf = (body: ReceivedRequest["body"]) =>
  body.messages.filter((message) => message.role === "tool").length;

async function streamReply(
  res: import("node:http").ServerResponse,
  n: number,
  model: string,
  reply: ScriptedReply,
  paceMs: number,
) {
  const pause = () => (paceMs > 0 ? new Promise((resolve) => setTimeout(resolve, paceMs)) : undefined);
  const chunk = (delta: Record<string, unknown>, finish: string | null = null, usage?: typeof USAGE) => {
    const body = {
      id: `chatcmpl-${n}`,
      object: "chat.completion.chunk",
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, delta, finish_reason: finish }],
      ...(usage ? { usage } : {}),
    };
    return `data: ${JSON.stringify(body)}\n\n`;
  };
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  if ("toolCall" in reply) {
    const call = {
      index: 0,
      id: `call_${n}`,
      type: "function",
      function: { name: reply.toolCall.name, arguments: argumentsText(reply) },
    };
    res.write(chunk({ role: "assistant", content: null, tool_calls: [call] }));
    res.write(chunk({}, "tool_calls", USAGE));
  } else {
    res.write(chunk({ role: "assistant", content: "" }));
    for (const piece of wordChunks(reply.text)) {
      await pause();
      res.write(chunk({ content: piece }));
    }
    res.write(chunk({}, "stop", USAGE));
  }
  res.end("data: [DONE]\n\n");
}
