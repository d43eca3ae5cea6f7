/**
 * The public chat over real HTTP (the real routes, workers, Redis and PostgreSQL; the model a real HTTP server speaking
 * the OpenAI API): off is a 404; a visitor gets a token, sends messages and reads the answer streaming, from the
 * published version, with memory of their own turns only; the stream carries text and nothing of the run (no run id,
 * tool, argument or result); an access code is asked (401), a wrong one refused (403), a changed one sends old
 * visitors back; rate limits answer 429 with Retry-After; origins not allowed are refused and allowed ones get CORS;
 * a never-published workflow says so; a visitor's token opens nothing else.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { createWorkflow } from "../testing/exposed-workflows";
import { startFakeChatCompletions } from "../testing/fake-chat-completions";
import { graphEdge, graphNode } from "../testing/fixtures";
import { startTestStack, type TestStack } from "../testing/test-stack";
import type { PublicAnswerEvent } from "./answer-stream";
import type { PublicChatSettings, PublicChatUpdate } from "./settings";

let stack: TestStack;
let llm: Awaited<ReturnType<typeof startFakeChatCompletions>>;

/** An agent with memory and a tool; the model says which version it is and what it last heard. */
const agentGraph = (version: string) => ({
  name: `Public chat ${version}`,
  nodes: [
    graphNode("entry", "core.entry"),
    graphNode("agent", "core.agent", {
      label: "Agent",
      params: {
        provider: "openai-compatible",
        baseUrl: llm.baseUrl,
        model: version,
        systemPrompt: "",
        memory: true,
        memoryWindow: 5,
      },
    }),
    graphNode("vault", "core.code", { label: "Vault", mode: "tool", params: { code: "return 'VAULT-SECRET-77';" } }),
  ],
  edges: [graphEdge("entry", "output", "agent", "input"), graphEdge("vault", "tool", "agent", "tools")],
});

type Received = { role: string; content?: unknown }[];
const userTexts = (messages: Received) => messages.filter((m) => m.role === "user").map((m) => String(m.content));

beforeAll(async () => {
  llm = await startFakeChatCompletions((body) => {
    const messages = body.messages as Received;
    const last = userTexts(messages).at(-1) ?? "";
    if (last.includes("open the safe") && !messages.some((m) => m.role === "tool"))
      return { toolCall: { name: "vault", arguments: { pin: "ARG-PIN-1234" } } };
    return { text: `[${body.model}] heard "${last}" after ${userTexts(messages).length - 1} earlier messages` };
  });
  stack = await startTestStack();
});
afterAll(async () => {
  await stack?.close();
  await llm?.close();
});

async function settings(workflowId: string, change: PublicChatUpdate): Promise<PublicChatSettings> {
  const response = await stack.fetch(`/api/workflows/${workflowId}/public-chat`, {
    method: "PUT",
    body: JSON.stringify(change),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as PublicChatSettings;
}

/** A request with no account at all, as a visitor's browser sends it. */
const visit = (path: string, init: RequestInit & { token?: string } = {}) =>
  fetch(`${stack.url}/api/public-chat/${path}`, {
    ...init,
    headers: {
      ...(init.body ? { "content-type": "application/json" } : {}),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      ...(init.headers as Record<string, string>),
    },
  });

async function session(publicId: string, accessCode?: string): Promise<string> {
  const response = await visit(`${publicId}/session`, { method: "POST", body: JSON.stringify({ accessCode }) });
  expect(response.status).toBe(201);
  return ((await response.json()) as { token: string }).token;
}

type Sent = { status: number; raw: string; events: PublicAnswerEvent[]; response: Response };
async function send(publicId: string, token: string, message: string, headers = {}): Promise<Sent> {
  const response = await visit(`${publicId}/messages`, {
    method: "POST",
    token,
    headers,
    body: JSON.stringify({ message }),
  });
  const raw = await response.text();
  const events = response.ok
    ? raw
        .split("\n\n")
        .filter((frame) => frame.startsWith("data: "))
        .map((frame) => JSON.parse(frame.slice(6)) as PublicAnswerEvent)
    : [];
  return { status: response.status, raw, events, response };
}

const answerOf = (sent: Sent) => sent.events.find((event) => event.type === "done") as { answer: string } | undefined;

describe("a workflow's public chat", () => {
  let workflowId = "";
  let publicId = "";

  beforeAll(async () => {
    workflowId = await createWorkflow(stack, agentGraph("published-v1"));
    publicId = (await settings(workflowId, {})).publicId;
  });

  it("is off by default: its routes answer 404, and its public id is not the workflow's", async () => {
    expect(publicId).not.toContain(workflowId);
    expect(publicId.length).toBeGreaterThanOrEqual(20);
    for (const path of [publicId, `${publicId}/widget.js`]) expect((await visit(path)).status).toBe(404);
    const refused = await visit(`${publicId}/session`, { method: "POST", body: "{}" });
    expect(refused.status).toBe(404);
    expect(((await refused.json()) as { error: string }).error).toMatch(/no public chat here/i);
    expect((await visit("not-a-chat-id-at-all")).status).toBe(404);
  });

  it("refuses settings that are wrong, naming the field", async () => {
    const response = await stack.fetch(`/api/workflows/${workflowId}/public-chat`, {
      method: "PUT",
      body: JSON.stringify({ allowedOrigins: ["javascript:alert(1)"], visitorMessagesPerMinute: 0 }),
    });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as { error: string };
    expect(error).toContain("allowedOrigins.0");
    expect(error).toContain("visitorMessagesPerMinute: at least 1");
  });

  it("answers from the published version, streaming, with memory of the visitor's own turns", async () => {
    await settings(workflowId, { enabled: true, title: "Help desk", welcomeMessage: "Hi there" });
    // The draft changes after publishing; the public chat still talks to version 1.
    const draft = await stack.fetch(`/api/workflows/${workflowId}`, {
      method: "PUT",
      body: JSON.stringify({ name: "Public chat draft", graph: agentGraph("draft-v2") }),
    });
    expect(draft.status).toBe(200);
    const info = await (await visit(publicId)).json();
    expect(info).toEqual({ title: "Help desk", welcomeMessage: "Hi there", accessCode: false, live: true });

    const alice = await session(publicId);
    const first = await send(publicId, alice, "My name is Alice");
    expect(first.status).toBe(200);
    expect(first.response.headers.get("content-type")).toBe("text/event-stream");
    // The text arrives as it streams (the model's pieces, batched by the run's text streamer), then the whole answer.
    const streamed = first.events.flatMap((event) => (event.type === "text" ? [event.delta] : []));
    expect(streamed.length).toBeGreaterThan(0);
    expect(first.events.at(-1)?.type).toBe("done");
    expect(answerOf(first)?.answer).toBe('[published-v1] heard "My name is Alice" after 0 earlier messages');
    expect(streamed.join("")).toBe(answerOf(first)?.answer);
    const second = await send(publicId, alice, "What is my name?");
    expect(answerOf(second)?.answer).toBe('[published-v1] heard "What is my name?" after 1 earlier messages');
    const lastRequest = llm.received.at(-1)!.body.messages as Received;
    expect(userTexts(lastRequest)).toEqual(["My name is Alice", "What is my name?"]);

    const runs = await getDb().run.findMany({ where: { workflowId }, orderBy: { createdAt: "asc" } });
    expect(runs.map((run) => [run.version, (run.trigger as { kind: string }).kind])).toEqual([
      [1, "public-chat"],
      [1, "public-chat"],
    ]);
    const turns = await (await visit(`${publicId}/conversation`, { token: alice })).json();
    expect(turns.turns.map((turn: { message: string; status: string }) => [turn.message, turn.status])).toEqual([
      ["My name is Alice", "answered"],
      ["What is my name?", "answered"],
    ]);
    expect(JSON.stringify(turns)).not.toMatch(new RegExp(runs.map((run) => run.id).join("|")));
  });

  it("keeps visitors apart: another visitor reads none of Alice's turns, and their model hears none", async () => {
    const bob = await session(publicId);
    const before = await (await visit(`${publicId}/conversation`, { token: bob })).json();
    expect(before).toEqual({ turns: [] });
    const sent = await send(publicId, bob, "Who spoke before me?");
    expect(answerOf(sent)?.answer).toBe('[published-v1] heard "Who spoke before me?" after 0 earlier messages');
    const after = await (await visit(`${publicId}/conversation`, { token: bob })).json();
    expect(JSON.stringify(after)).not.toContain("Alice");
    // The editors' Chat panel lists their own conversations, not visitors'.
    const editors = await (await stack.fetch(`/api/workflows/${workflowId}/conversations`)).json();
    expect(editors.conversations).toEqual([]);
  });

  it("streams the answer's text and nothing of the run: no run id, tool, argument or result", async () => {
    const carol = await session(publicId);
    const sent = await send(publicId, carol, "Please open the safe");
    expect(answerOf(sent)?.answer).toContain('heard "Please open the safe"');
    const run = await getDb().run.findFirstOrThrow({ where: { workflowId }, orderBy: { createdAt: "desc" } });
    expect(run.status).toBe("completed");
    const events = await getDb().runEvent.findMany({ where: { runId: run.id, type: "tool.call.completed" } });
    expect(events).toHaveLength(1); // the tool really ran, so there was something to leak
    for (const secret of [run.id, "vault", "Vault", "ARG-PIN-1234", "VAULT-SECRET-77", "agent", "tool"])
      expect(sent.raw).not.toContain(secret);
    expect(new Set(sent.events.map((event) => event.type))).toEqual(new Set(["message", "text", "done"]));
  });

  it("a visitor's token opens nothing but this chat", async () => {
    const dave = await session(publicId);
    const run = await getDb().run.findFirstOrThrow({ where: { workflowId } });
    for (const path of [`/api/runs/${run.id}`, `/api/runs/${run.id}/events`, `/api/workflows/${workflowId}`])
      expect((await fetch(`${stack.url}${path}`, { headers: { authorization: `Bearer ${dave}` } })).status).toBe(401);
    const other = await createWorkflow(stack, agentGraph("other"));
    const otherId = (await settings(other, { enabled: true })).publicId;
    expect((await visit(`${otherId}/conversation`, { token: dave })).status).toBe(401);
    expect((await visit(`${publicId}/conversation`, { token: "forged.token.value" })).status).toBe(401);
  });
});

describe("the public chat's guards", () => {
  let workflowId = "";
  let publicId = "";

  beforeAll(async () => {
    workflowId = await createWorkflow(stack, agentGraph("guarded"));
    publicId = (await settings(workflowId, { enabled: true, allowedOrigins: ["https://shop.example/"] })).publicId;
  });

  it("asks for the access code (401), refuses a wrong one (403) and sends old visitors back when it changes", async () => {
    const before = await session(publicId);
    const saved = await settings(workflowId, { accessCode: "open sesame" });
    expect(saved.hasAccessCode).toBe(true);
    expect(JSON.stringify(saved)).not.toContain("open sesame");
    const stored = await getDb().publicChat.findUniqueOrThrow({ where: { workflowId } });
    expect(stored.accessCodeHash).not.toContain("open sesame");
    expect((await (await visit(publicId)).json()).accessCode).toBe(true);

    const without = await visit(`${publicId}/session`, { method: "POST", body: "{}" });
    expect(without.status).toBe(401);
    expect((await without.json()).error).toMatch(/asks for an access code/);
    const wrong = await visit(`${publicId}/session`, { method: "POST", body: JSON.stringify({ accessCode: "nope" }) });
    expect(wrong.status).toBe(403);
    expect((await wrong.json()).error).toMatch(/Wrong access code/);
    const old = await visit(`${publicId}/conversation`, { token: before });
    expect(old.status).toBe(401);
    expect((await old.json()).error).toMatch(/access code/);
    const admitted = await session(publicId, "open sesame");
    expect((await visit(`${publicId}/conversation`, { token: admitted })).status).toBe(200);
    await settings(workflowId, { accessCode: null });
  });

  it("limits messages per visitor and per chat: 429 with Retry-After", async () => {
    await settings(workflowId, { visitorMessagesPerMinute: 2, messagesPerMinute: 3 });
    const erin = await session(publicId);
    for (const n of [1, 2]) expect((await send(publicId, erin, `hello ${n}`)).status).toBe(200);
    const third = await send(publicId, erin, "hello 3");
    expect(third.status).toBe(429);
    expect(Number(third.response.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(JSON.parse(third.raw).error).toMatch(/too fast \(at most 2 a minute\)/);
    const frank = await session(publicId);
    expect((await send(publicId, frank, "hi")).status).toBe(200);
    const busy = await send(publicId, frank, "hi again");
    expect(busy.status).toBe(429);
    expect(JSON.parse(busy.raw).error).toMatch(/busy \(at most 3 messages a minute\)/);
    expect(Number(busy.response.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("limits new sessions and conversations per address: 429 with Retry-After, other addresses go on", async () => {
    const before = process.env.SWITCHBOARD_PUBLIC_CHAT_SESSIONS_PER_HOUR;
    process.env.SWITCHBOARD_PUBLIC_CHAT_SESSIONS_PER_HOUR = "3";
    try {
      const from = (address: string) => ({ "x-forwarded-for": address });
      const open = (address: string) =>
        visit(`${publicId}/session`, { method: "POST", body: "{}", headers: from(address) });
      const first = await open("203.0.113.7");
      expect(first.status).toBe(201);
      const { token } = (await first.json()) as { token: string };
      const fresh = await visit(`${publicId}/conversation`, { method: "POST", token, headers: from("203.0.113.7") });
      expect(fresh.status).toBe(201);
      expect((await open("203.0.113.7")).status).toBe(201);
      const refused = await open("203.0.113.7");
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(((await refused.json()) as { error: string }).error).toMatch(
        /Too many new chats from your address \(at most 3 an hour\)/,
      );
      const conversations = () => getDb().conversation.count({ where: { workflowId } });
      const counted = await conversations();
      const again = await visit(`${publicId}/conversation`, { method: "POST", token, headers: from("203.0.113.7") });
      expect(again.status).toBe(429);
      expect(await conversations()).toBe(counted); // a refused one leaves nothing behind
      expect((await open("203.0.113.8")).status).toBe(201);
    } finally {
      if (before === undefined) delete process.env.SWITCHBOARD_PUBLIC_CHAT_SESSIONS_PER_HOUR;
      else process.env.SWITCHBOARD_PUBLIC_CHAT_SESSIONS_PER_HOUR = before;
    }
  });

  it("refuses pages on origins it does not allow, and gives allowed ones CORS", async () => {
    const evil = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };
    const refused = await visit(`${publicId}/session`, { method: "POST", body: "{}", headers: evil });
    expect(refused.status).toBe(403);
    expect((await refused.json()).error).toContain("https://evil.example");
    expect(refused.headers.get("access-control-allow-origin")).toBeNull();
    const shop = { origin: "https://shop.example", "sec-fetch-site": "cross-site" };
    const allowed = await visit(`${publicId}/session`, { method: "POST", body: "{}", headers: shop });
    expect(allowed.status).toBe(201);
    expect(allowed.headers.get("access-control-allow-origin")).toBe("https://shop.example");
    const preflight = (origin: string) =>
      visit(`${publicId}/messages`, {
        method: "OPTIONS",
        headers: { origin, "access-control-request-method": "POST" },
      });
    expect((await preflight("https://shop.example")).status).toBe(204);
    expect((await preflight("https://evil.example")).status).toBe(403);
  });

  it("a never-published workflow says so", async () => {
    const response = await stack.fetch("/api/workflows", {
      method: "POST",
      body: JSON.stringify(agentGraph("unpublished")),
    });
    const { id } = (await response.json()) as { id: string };
    const unpublished = (await settings(id, { enabled: true })).publicId;
    expect(await (await visit(unpublished)).json()).toMatchObject({ live: false });
    const sent = await send(unpublished, await session(unpublished), "anyone there?");
    expect(sent.status).toBe(409);
    expect(JSON.parse(sent.raw).error).toBe("This chat is not live yet: its workflow has not been published");
  });

  it("serves the widget script for an enabled chat", async () => {
    const response = await visit(`${publicId}/widget.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/javascript/);
    const script = await response.text();
    expect(script).toContain(`"/chat/" + encodeURIComponent(config.publicId)`);
    expect(script).toContain(JSON.stringify(publicId));
    expect(script).not.toContain(workflowId);
  });
});
