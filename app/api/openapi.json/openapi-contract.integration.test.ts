/**
 * The OpenAPI document against the real API: every route file's methods are described; then real requests over
 * real HTTP (the real handlers, database, Redis and workers) reach every documented answer of every operation, and
 * each answer's status must be documented and its body must validate against the document's schema for it. The few
 * answers no test here can cause are listed in UNREACHED with where they are tested instead.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { graphEdge, graphNode } from "@/lib/testing/fixtures";
import { ContractRecorder, type OpenApiDoc } from "@/lib/testing/openapi-contract";
import { routeFileMethods } from "@/lib/testing/route-files";
import { createTestAccount, createTestApiKey, type TestAccount } from "@/lib/testing/test-accounts";
import { startTestStack, type TestStack } from "@/lib/testing/test-stack";
import { waitFor } from "@/lib/testing/wait-for";

/** Documented answers no request here can cause, each with the reason and where it is tested. */
const UNREACHED: Record<string, string> = {
  "GET /api/health 503": "needs Redis or PostgreSQL stopped under the test; not tested anywhere yet",
  "GET /api/mcp/oauth/callback 200": "needs a finished OAuth sign-in: e2e/mcp-oauth.spec.ts signs in for real",
  "POST /api/runs/{id}/approvals/{callId} 200":
    "needs a model's call held for approval: lib/approvals/approval.integration",
  "POST /api/runs/{id}/approvals/{callId} 409": "the same call decided twice: lib/approvals/approval.integration",
};

let stack: TestStack;
let contract: ContractRecorder;
let viewer: TestAccount;
type Ids =
  | "flow"
  | "a2a"
  | "unpublished"
  | "hooks"
  | "waiting"
  | "external"
  | "approval"
  | "other"
  | "run"
  | "conversation"
  | "publicChat";
const ids = {} as Record<Ids, string>;

const json = (body: unknown, headers: Record<string, string> = {}) => ({
  body: JSON.stringify(body),
  headers: { "content-type": "application/json", ...stack.headers, ...headers },
});
const as = (headers: Record<string, string>) => ({ headers: { ...headers } });
const call = (method: string, url: string, init: RequestInit = { headers: stack.headers }) =>
  contract.fetch(`${stack.url}${url}`, { method, ...init });
const get = (url: string) => call("GET", url);
const post = (url: string, body: unknown = {}, headers: Record<string, string> = {}) =>
  call("POST", url, json(body, headers));

/** AG-UI's RunAgentInput: a thread, a run and the user's message. */
const agUiInput = { threadId: "thread", runId: "run", messages: [{ id: "m", role: "user", content: "hi" }] };

const ECHO = {
  nodes: [graphNode("entry", "core.entry"), graphNode("out", "core.output", { label: "Out" })],
  edges: [graphEdge("entry", "output", "out", "value")],
};

async function createWorkflow(name: string, graph: object, publish = true): Promise<string> {
  const answer = await post("/api/workflows", { name, publish, ...graph });
  expect(answer.status).toBe(201);
  return (JSON.parse(answer.text) as { id: string }).id;
}

async function startRun(workflowId: string, input: unknown = "hi"): Promise<string> {
  const answer = await post(`/api/workflows/${workflowId}/runs`, { input });
  expect(answer.status).toBe(201);
  return (JSON.parse(answer.text) as { runId: string }).runId;
}

const runStatus = async (runId: string) =>
  (JSON.parse((await get(`/api/runs/${runId}`)).text) as { status: string }).status;
const untilStatus = (runId: string, wanted: string) =>
  waitFor(`run ${runId} to be ${wanted}`, async () => ((await runStatus(runId)) === wanted ? true : undefined), 15_000);

const PUBLIC_CHAT_CODE = "contract code";

/** Turns a workflow's public chat on (PUT …/public-chat) and answers its public id. */
async function publicChat(workflowId: string, settings: object): Promise<string> {
  const answer = await call("PUT", `/api/workflows/${workflowId}/public-chat`, json(settings));
  expect(answer.status).toBe(200);
  return (JSON.parse(answer.text) as { publicId: string }).publicId;
}

beforeAll(async () => {
  stack = await startTestStack();
  viewer = await createTestAccount("viewer");
  const document = await fetch(`${stack.url}/api/openapi.json`, { headers: viewer.headers });
  contract = new ContractRecorder((await document.json()) as OpenApiDoc);
  ids.flow = await createWorkflow("Contract echo", ECHO);
  ids.other = await createWorkflow("Contract other", ECHO);
  ids.a2a = await createWorkflow("Contract agent", { ...ECHO, settings: { a2a: { expose: true } } });
  ids.unpublished = await createWorkflow("Contract draft", ECHO, false);
  ids.run = await startRun(ids.flow);
  ids.conversation = (JSON.parse((await post(`/api/workflows/${ids.flow}/conversations`)).text) as { id: string }).id;
  ids.publicChat = await publicChat(ids.flow, { enabled: true, accessCode: PUBLIC_CHAT_CODE });
  ids.hooks = await createWorkflow("Contract hooks", {
    nodes: [
      graphNode("now", "trigger.webhook", { label: "Now" }),
      graphNode("done", "trigger.webhook", { label: "Done", params: { respond: "when-done", waitSeconds: 10 } }),
      graphNode("off", "trigger.webhook", { label: "Off", params: { enabled: false } }),
      graphNode("out", "core.output", { label: "Out" }),
    ],
    edges: [graphEdge("now", "output", "out", "value"), graphEdge("done", "output", "out", "value")],
  });
  ids.waiting = await createWorkflow("Contract waits", {
    nodes: [graphNode("entry", "core.entry"), graphNode("hold", "core.wait.webhook", { label: "Hold" })],
    edges: [graphEdge("entry", "output", "hold", "input")],
  });
  ids.approval = await createWorkflow("Contract approval", {
    nodes: [graphNode("entry", "core.entry"), graphNode("ask", "core.approval", { label: "Ask" })],
    edges: [graphEdge("entry", "output", "ask", "input")],
  });
  ids.external = await createWorkflow("Contract external", {
    nodes: [
      graphNode("entry", "core.entry"),
      graphNode("outside", "core.external.agent", { label: "Outside", params: { instructions: "Press Done" } }),
      graphNode("double", "core.code", { label: "Double", mode: "tool", params: { code: "return input * 2;" } }),
    ],
    edges: [graphEdge("entry", "output", "outside", "input"), graphEdge("double", "tool", "outside", "tools")],
  });
});
afterAll(() => stack?.close());

describe("the document", () => {
  it("describes every method of every route file in app/api, and nothing else", () => {
    const found = routeFileMethods()
      .map((route) => route.replace(/\[(\w+)\]/g, "{$1}"))
      .sort();
    const described = Object.entries(contract.doc.paths).flatMap(([route, item]) =>
      Object.keys(item).map((method) => `${method.toUpperCase()} ${route}`),
    );
    expect(described.sort()).toEqual(found);
  });

  it("is itself an answer the document describes, and names no secret", async () => {
    const answer = await call("GET", "/api/openapi.json", as(viewer.headers));
    expect(answer.status).toBe(200);
    expect(answer.text).not.toMatch(/sb_[A-Za-z0-9]{8}|eyJ|postgres(ql)?:\/\//);
  });
});

describe("the answers every route shares", () => {
  /** Real ids where a key's workflow limit is judged by the thing the path names; made-up ones elsewhere. */
  const filled = (template: string) => {
    const id = template.startsWith("/api/runs/")
      ? ids.run
      : template.startsWith("/api/conversations/")
        ? ids.conversation
        : ids.flow;
    return template
      .replace("{publicId}", ids.publicChat)
      .replace("{id}", id)
      .replace("{number}", "1")
      .replace(/\{\w+\}/g, "contract-id");
  };
  const operations = () =>
    Object.entries(contract.doc.paths).flatMap(([template, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        method: method.toUpperCase(),
        template,
        statuses: Object.keys((operation as { responses: object }).responses),
      })),
    );

  it("are what the document says, for every operation", async () => {
    const limited = await createTestApiKey(stack.account.userId, "limited to another", [ids.other]);
    for (const { method, template, statuses } of operations()) {
      const url = `${stack.url}${filled(template)}`;
      const admin = stack.headers;
      expect((await contract.raw(method, url, { ...admin, host: "evil.example" })).status).toBe(421);
      expect((await contract.fetch(`${url}?bad=%ZZ`, { method, headers: admin })).status).toBe(400);
      if (statuses.includes("401")) expect((await contract.fetch(url, { method })).status).toBe(401);
      if (statuses.includes("415")) {
        const plain = { method, headers: { ...admin, "content-type": "text/plain" }, body: "{}" };
        expect((await contract.fetch(url, plain)).status).toBe(415);
      }
      if (statuses.includes("413")) {
        const huge = { ...admin, "content-type": "application/json", "content-length": String(50 * 1024 * 1024) };
        expect((await contract.raw(method, url, huge)).status).toBe(413);
      }
      if (method !== "GET") {
        const crossSite = { ...admin, origin: "https://evil.example", "sec-fetch-site": "cross-site" };
        expect((await contract.fetch(url, { method, headers: crossSite })).status).toBe(403);
      } else if (statuses.includes("403")) {
        // A viewer where more is needed; otherwise a key limited to another workflow.
        const small = await contract.fetch(url, { headers: viewer.headers });
        const status = small.status === 403 ? 403 : (await contract.fetch(url, { headers: limited.headers })).status;
        expect(status).toBe(403);
      }
    }
  });
});

describe("each operation's own answers", () => {
  const gone = "/api/workflows/no-such-workflow";

  it("workflows: list, create, read, replace, change, copy, delete", async () => {
    expect((await get("/api/workflows")).status).toBe(200);
    const id = await createWorkflow("Contract crud", ECHO, false);
    const read = await get(`/api/workflows/${id}`);
    expect(read.status).toBe(200);
    const { updatedAt, graph } = JSON.parse(read.text) as { updatedAt: string; graph: typeof ECHO };
    expect(read.headers.get("etag")).toBe(`"${updatedAt}"`);
    const put = await call(
      "PUT",
      `/api/workflows/${id}`,
      json({ name: "Replaced", graph }, { "if-match": `"${updatedAt}"` }),
    );
    expect(put.status).toBe(200);
    const stale = await call(
      "PUT",
      `/api/workflows/${id}`,
      json({ name: "Late", graph }, { "if-match": `"${updatedAt}"` }),
    );
    expect(stale.status).toBe(409);
    expect(JSON.parse(stale.text).updatedAt).toBe(JSON.parse(put.text).updatedAt);
    const badNode = { name: "Bad", graph: { ...graph, nodes: [{ ...graph.nodes[0], data: { label: 7 } }] } };
    const invalid = await call("PUT", `/api/workflows/${id}`, json(badNode));
    expect(invalid.status).toBe(400);
    expect(JSON.parse(invalid.text).error).toBe(
      'node "entry": data.label: Invalid input: expected string, received number',
    );
    expect((await call("PUT", gone, json({ name: "x", graph }))).status).toBe(404);
    const patch = await call("PATCH", `/api/workflows/${id}`, json({ settings: { maxConcurrentRuns: 2 } }));
    expect(patch.status).toBe(200);
    expect(JSON.parse((await get(`/api/workflows/${id}`)).text)).toMatchObject({
      name: "Replaced",
      graph: { nodes: graph.nodes, settings: { maxConcurrentRuns: 2 } },
    });
    const stalePatch = await call("PATCH", `/api/workflows/${id}`, json({ name: "Late", updatedAt }));
    expect(stalePatch.status).toBe(409);
    expect((await call("PATCH", gone, json({ name: "x" }))).status).toBe(404);
    const copy = await post(`/api/workflows/${id}/duplicate`, { name: "Copied" });
    expect(copy.status).toBe(201);
    expect(JSON.parse(copy.text).name).toBe("Copied");
    expect((await post(`${gone}/duplicate`)).status).toBe(404);
    expect((await call("DELETE", `/api/workflows/${id}`)).status).toBe(204);
    expect((await get(`/api/workflows/${id}`)).status).toBe(404);
    expect((await call("DELETE", `/api/workflows/${id}`)).status).toBe(404);
  });

  it("folders: list, make, read, rename, members and their roles, delete", async () => {
    const [lead, member] = [await createTestAccount("editor"), await createTestAccount("editor")];
    const by = (account: TestAccount, body?: unknown) =>
      body === undefined ? as(account.headers) : json(body, account.headers);
    const made = await call("POST", "/api/folders", by(lead, { name: "Contract team" }));
    expect(made.status).toBe(201);
    const folder = `/api/folders/${(JSON.parse(made.text) as { id: string }).id}`;
    expect((await post("/api/folders", { name: "Contract team" })).status).toBe(409);
    expect((await post("/api/folders", { name: "Contract other team" })).status).toBe(201);
    expect((await get("/api/folders")).status).toBe(200);
    expect((await get(folder)).status).toBe(200);
    expect((await get("/api/folders/nothing")).status).toBe(404);
    const memberPath = `${folder}/members/${member.userId}`;
    expect((await call("PUT", memberPath, by(lead, { role: "editor" }))).status).toBe(200);
    expect((await call("PUT", "/api/folders/nothing/members/x", json({ role: "editor" }))).status).toBe(404);
    expect((await call("PUT", `${folder}/members/${lead.userId}`, by(member, { role: "editor" }))).status).toBe(403);
    expect((await call("PUT", `${folder}/members/${lead.userId}`, by(lead, { role: "viewer" }))).status).toBe(409);
    expect((await get(`${folder}/members`)).status).toBe(200);
    expect((await get("/api/folders/nothing/members")).status).toBe(404);
    expect((await get(memberPath)).status).toBe(200);
    expect((await get(`${folder}/members/nobody`)).status).toBe(404);
    expect((await call("PATCH", folder, by(member, { name: "Taken over" }))).status).toBe(403);
    expect((await call("PATCH", folder, json({ name: "Contract other team" }))).status).toBe(409);
    expect((await call("PATCH", "/api/folders/nothing", json({ name: "x" }))).status).toBe(404);
    expect((await call("PATCH", folder, by(lead, { name: "Contract crew" }))).status).toBe(200);
    const filed = await createWorkflow("Contract filed", ECHO, false);
    expect((await call("PATCH", `/api/workflows/${filed}`, json({ folderId: folder.split("/")[3] }))).status).toBe(200);
    expect((await call("DELETE", folder)).status).toBe(409);
    expect((await call("DELETE", folder, by(member))).status).toBe(403);
    expect((await call("DELETE", `${folder}/members/${lead.userId}`, by(member))).status).toBe(403);
    expect((await call("DELETE", `${folder}/members/${lead.userId}`, by(lead))).status).toBe(409);
    expect((await call("DELETE", memberPath, by(lead))).status).toBe(204);
    expect((await call("DELETE", memberPath, by(lead))).status).toBe(404);
    expect((await call("PATCH", `/api/workflows/${filed}`, json({ folderId: null }))).status).toBe(200);
    expect((await call("DELETE", folder, by(lead))).status).toBe(204);
    expect((await call("DELETE", folder)).status).toBe(404);
  });

  it("versions: publish, history, one version, restore", async () => {
    const id = await createWorkflow("Contract versions", ECHO, false);
    expect((await post(`/api/workflows/${id}/publish`, { note: "first" })).status).toBe(201);
    expect((await post(`${gone}/publish`)).status).toBe(404);
    expect((await get(`/api/workflows/${id}/versions`)).status).toBe(200);
    expect((await get(`${gone}/versions`)).status).toBe(404);
    expect((await get(`/api/workflows/${id}/versions/1`)).status).toBe(200);
    expect((await get(`/api/workflows/${id}/versions/9`)).status).toBe(404);
    expect((await post(`/api/workflows/${id}/versions/1/restore`)).status).toBe(200);
    expect((await post(`/api/workflows/${id}/versions/9/restore`)).status).toBe(404);
    expect((await get(`/api/workflows/${id}/schedules`)).status).toBe(200);
    expect((await get(`${gone}/schedules`)).status).toBe(404);
  });

  it("runs: start, list, read, follow, cancel", async () => {
    expect((await post(`/api/workflows/${ids.unpublished}/runs`, {})).status).toBe(409);
    expect((await post(`${gone}/runs`, {})).status).toBe(404);
    expect((await get(`/api/workflows/${ids.flow}/runs`)).status).toBe(200);
    expect((await get(`${gone}/runs`)).status).toBe(404);
    expect((await get("/api/runs?limit=5")).status).toBe(200);
    await untilStatus(ids.run, "completed");
    expect((await get(`/api/runs/${ids.run}`)).status).toBe(200);
    expect((await get("/api/runs/no-such-run")).status).toBe(404);
    expect((await get(`/api/runs/${ids.run}/events`)).status).toBe(200);
    expect((await get("/api/runs/no-such-run/events")).status).toBe(404);
    expect((await post(`/api/runs/${ids.run}/cancel`)).status).toBe(409);
    expect((await post("/api/runs/no-such-run/cancel")).status).toBe(404);
    // A waiting run's stream stays open (a finished run's ends after its replay).
    const waiting = await startRun(ids.waiting);
    await untilStatus(waiting, "waiting");
    process.env.SWITCHBOARD_MAX_STREAMS_PER_USER = "1";
    try {
      const held = await fetch(`${stack.url}/api/runs/${waiting}/events`, { headers: stack.headers });
      expect((await get(`/api/runs/${waiting}/events`)).status).toBe(429);
      expect((await post(`/api/workflows/${ids.flow}/ag-ui`, agUiInput)).status).toBe(429);
      await held.body?.cancel();
    } finally {
      delete process.env.SWITCHBOARD_MAX_STREAMS_PER_USER;
    }
    expect((await post(`/api/runs/${waiting}/cancel`)).status).toBe(202);
  });

  it("an AG-UI front-end: a run streamed as AG-UI events, or the reason it did not start", async () => {
    const answer = await post(`/api/workflows/${ids.flow}/ag-ui`, agUiInput);
    expect(answer.status).toBe(200);
    expect((await post(`/api/workflows/${ids.flow}/ag-ui`, { ...agUiInput, messages: [] })).status).toBe(400);
    expect((await post(`/api/workflows/${ids.unpublished}/ag-ui`, agUiInput)).status).toBe(409);
    expect((await post(`${gone}/ag-ui`, agUiInput)).status).toBe(404);
  });

  it("A2A: an exposed workflow's Agent Card and JSON-RPC endpoint; none for one not exposed", async () => {
    expect((await get(`/api/a2a/${ids.a2a}/.well-known/agent-card.json`)).status).toBe(200);
    expect((await get(`/api/a2a/${ids.flow}/.well-known/agent-card.json`)).status).toBe(404);
    const getTask = { jsonrpc: "2.0", id: 1, method: "tasks/get", params: { id: "no-such-task" } };
    const answer = await post(`/api/a2a/${ids.a2a}`, getTask);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.text)).toMatchObject({ id: 1, error: { code: expect.any(Number) } });
    expect((await post(`/api/a2a/${ids.flow}`, getTask)).status).toBe(404);
  });

  it("evaluations: datasets and their rows, start, read, list, compare", async () => {
    const base = `/api/workflows/${ids.flow}`;
    expect((await post(`${base}/datasets`, { name: "contract", rows: [{ input: "hi" }] })).status).toBe(201);
    expect((await post(`${base}/datasets`, { name: "contract" })).status).toBe(409);
    expect((await post(`${base}/datasets`, { name: "" })).status).toBe(400);
    expect((await post(`${gone}/datasets`, { name: "x" })).status).toBe(404);
    expect((await get(`${base}/datasets`)).status).toBe(200);
    expect((await get(`${gone}/datasets`)).status).toBe(404);
    expect((await get(`${base}/datasets/contract`)).status).toBe(200);
    expect((await get(`${base}/datasets/nothing`)).status).toBe(404);
    expect((await post(`${base}/datasets/contract/rows`, { format: "jsonl", text: '{"input":"a"}' })).status).toBe(201);
    expect((await post(`${base}/datasets/contract/rows`, { format: "jsonl", text: "{oops" })).status).toBe(400);
    expect((await post(`${base}/datasets/contract/rows`, { runId: "no-such-run" })).status).toBe(404);
    const [row] = (JSON.parse((await get(`${base}/datasets/contract`)).text) as { rows: { id: string }[] }).rows;
    const rowPath = `${base}/datasets/contract/rows`;
    const put = (path: string, body: unknown) => call("PUT", path, json(body));
    expect((await put(`${rowPath}/${row.id}`, { input: "hello", expectations: { output: "hello" } })).status).toBe(200);
    expect((await put(`${rowPath}/${row.id}`, { expectations: "hello" })).status).toBe(400);
    expect((await put(`${rowPath}/no-such-row`, { input: "x" })).status).toBe(404);
    const evaluators = [{ kind: "contains", value: "hi" }];
    const started = await post(`${base}/evaluations`, { dataset: "contract", evaluators });
    expect(started.status).toBe(201);
    const evaluationId = (JSON.parse(started.text) as { id: string }).id;
    expect((await post(`${base}/evaluations`, { dataset: "contract", evaluators: [{ kind: "vibes" }] })).status).toBe(
      400,
    );
    expect((await post(`${base}/evaluations`, { dataset: "nothing", evaluators })).status).toBe(404);
    expect((await post(`${base}/evaluations`, { dataset: "contract", version: 99, evaluators })).status).toBe(400);
    const draftOnly = `/api/workflows/${ids.unpublished}`;
    expect((await post(`${draftOnly}/datasets`, { name: "d", rows: [{ input: 1 }] })).status).toBe(201);
    expect((await post(`${draftOnly}/evaluations`, { dataset: "d", evaluators })).status).toBe(409);
    expect((await get(`${base}/evaluations`)).status).toBe(200);
    expect((await get(`${gone}/evaluations`)).status).toBe(404);
    await waitFor(
      "the evaluation to end",
      async () =>
        JSON.parse((await get(`${base}/evaluations/${evaluationId}`)).text).status === "completed" || undefined,
      30_000,
    );
    const rows = (JSON.parse((await get(`${base}/datasets/contract`)).text) as { rows: { id: string }[] }).rows;
    expect((await call("DELETE", `${rowPath}/${rows[1].id}`)).status).toBe(204);
    expect((await call("DELETE", `${rowPath}/${rows[1].id}`)).status).toBe(404);
    expect((await get(`${base}/evaluations/no-such-evaluation`)).status).toBe(404);
    expect((await get(`${base}/evaluations/${evaluationId}/compare?with=${evaluationId}`)).status).toBe(200);
    expect((await get(`${base}/evaluations/${evaluationId}/compare`)).status).toBe(400);
    expect((await get(`${base}/evaluations/no-such-evaluation/compare?with=x`)).status).toBe(404);
    const patch = (path: string, body: unknown) => call("PATCH", path, json(body));
    expect((await post(`${base}/datasets`, { name: "other" })).status).toBe(201);
    expect((await patch(`${base}/datasets/contract`, { name: "other" })).status).toBe(409);
    expect((await patch(`${base}/datasets/contract`, {})).status).toBe(400);
    expect((await patch(`${base}/datasets/nothing`, { name: "x" })).status).toBe(404);
    expect((await patch(`${base}/datasets/contract`, { description: "renamed elsewhere" })).status).toBe(200);
    expect((await call("DELETE", `${base}/datasets/contract`)).status).toBe(204);
    expect((await call("DELETE", `${base}/datasets/contract`)).status).toBe(404);
  });

  it("public chat: its settings, a visitor's session, conversation, messages and widget", async () => {
    const settings = `/api/workflows/${ids.flow}/public-chat`;
    expect((await get(settings)).status).toBe(200);
    expect((await get(`${gone}/public-chat`)).status).toBe(404);
    expect((await call("PUT", settings, json({ title: "Contract chat" }))).status).toBe(200);
    expect((await call("PUT", settings, json({ allowedOrigins: ["nope"] }))).status).toBe(400);
    expect((await call("PUT", `${gone}/public-chat`, json({ title: "x" }))).status).toBe(404);
    // The visitor's side sends no account's credentials at all.
    const base = `/api/public-chat/${ids.publicChat}`;
    const visitor = (method: string, path: string, body?: unknown, token?: string) =>
      call(method, `${base}${path}`, {
        body: body === undefined ? undefined : JSON.stringify(body),
        headers: {
          ...(body === undefined ? {} : { "content-type": "application/json" }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      });
    expect((await visitor("GET", "")).status).toBe(200);
    expect((await call("GET", "/api/public-chat/no-such-chat-id", {})).status).toBe(404);
    expect((await visitor("POST", "/session", {})).status).toBe(401);
    expect((await visitor("POST", "/session", { accessCode: 7 })).status).toBe(400);
    // Two new sessions or conversations an hour from this address: the session and one new conversation.
    process.env.SWITCHBOARD_PUBLIC_CHAT_SESSIONS_PER_HOUR = "2";
    const session = await visitor("POST", "/session", { accessCode: PUBLIC_CHAT_CODE });
    expect(session.status).toBe(201);
    const token = (JSON.parse(session.text) as { token: string }).token;
    expect((await visitor("GET", "/conversation", undefined, token)).status).toBe(200);
    expect((await visitor("POST", "/conversation", {}, token)).status).toBe(201);
    expect((await visitor("POST", "/conversation", {}, token)).status).toBe(429);
    delete process.env.SWITCHBOARD_PUBLIC_CHAT_SESSIONS_PER_HOUR;
    expect((await visitor("POST", "/messages", { message: "" }, token)).status).toBe(400);
    expect((await visitor("POST", "/messages", { message: "hello" }, token)).status).toBe(200);
    expect((await visitor("GET", "/widget.js")).status).toBe(200);
    for (let wrong = 0; wrong < 5; wrong++)
      expect((await visitor("POST", "/session", { accessCode: `wrong ${wrong}` })).status).toBe(403);
    expect((await visitor("POST", "/session", { accessCode: "wrong again" })).status).toBe(429);

    const off = await createWorkflow("Contract chat off", ECHO);
    const offBase = `/api/public-chat/${await publicChat(off, { enabled: false })}`;
    for (const path of ["", "/widget.js", "/conversation"])
      expect((await call("GET", `${offBase}${path}`, {})).status).toBe(404);
    for (const path of ["/session", "/conversation", "/messages"])
      expect((await call("POST", `${offBase}${path}`, json({}))).status).toBe(404);

    const draftChat = await publicChat(ids.unpublished, { enabled: true, visitorMessagesPerMinute: 1 });
    const draft = `/api/public-chat/${draftChat}`;
    const draftToken = JSON.parse((await call("POST", `${draft}/session`, json({}))).text).token as string;
    const send = (message: string) =>
      call("POST", `${draft}/messages`, json({ message }, { authorization: `Bearer ${draftToken}` }));
    expect((await send("anyone?")).status).toBe(409);
    expect((await send("anyone now?")).status).toBe(429);

    const asking = await createWorkflow("Contract chat asks", {
      nodes: [
        graphNode("entry", "core.entry", { params: { inputFields: [{ name: "n", type: "number", required: true }] } }),
        graphNode("out", "core.output", { label: "Out" }),
      ],
      edges: [graphEdge("entry", "output", "out", "value")],
    });
    const asks = `/api/public-chat/${await publicChat(asking, { enabled: true })}`;
    const asksToken = JSON.parse((await call("POST", `${asks}/session`, json({}))).text).token as string;
    const cannot = await call(
      "POST",
      `${asks}/messages`,
      json({ message: "hi" }, { authorization: `Bearer ${asksToken}` }),
    );
    expect(cannot.status).toBe(503);
  });

  it("waits: a Wait for webhook read and resumed once, an Approval step decided once", async () => {
    const runId = await startRun(ids.waiting);
    await untilStatus(runId, "waiting");
    const wait = await get(`/api/runs/${runId}/waits/hold`);
    expect(wait.status).toBe(200);
    expect((await get(`/api/runs/${runId}/waits/nobody`)).status).toBe(404);
    const resumePath = new URL(JSON.parse(wait.text).resumeUrl as string).pathname;
    // The one-time link is the credential: no other is sent.
    const resume = (body: unknown) =>
      call("POST", resumePath, { body: JSON.stringify(body), headers: { "content-type": "application/json" } });
    expect((await resume({ ok: 1 })).status).toBe(202);
    expect((await resume({ ok: 2 })).status).toBe(409);
    expect((await call("POST", "/api/resume/forged.token", json({}))).status).toBe(404);

    const approval = await startRun(ids.approval);
    await untilStatus(approval, "waiting");
    expect((await post(`/api/runs/${approval}/waits/ask`, { decision: "approved" })).status).toBe(202);
    expect((await post(`/api/runs/${approval}/waits/ask`, { decision: "approved" })).status).toBe(409);
    expect((await post(`/api/runs/${approval}/waits/nobody`, { decision: "approved" })).status).toBe(404);
    expect((await post(`/api/runs/${approval}/approvals/no-call`, { decision: "approved" })).status).toBe(404);
  });

  it("an External Agent: its handoff, the gateway it points at, Done", async () => {
    const runId = await startRun(ids.external, 21);
    const handoff = await waitFor(
      "the handoff",
      async () => {
        const answer = await get(`/api/runs/${runId}/external/outside`);
        return answer.status === 200 ? (JSON.parse(answer.text) as { token: string }) : undefined;
      },
      15_000,
    );
    expect((await get(`/api/runs/${runId}/external/nobody`)).status).toBe(404);
    const token = { authorization: `Bearer ${handoff.token}`, accept: "application/json, text/event-stream" };
    const list = { jsonrpc: "2.0", id: 1, method: "tools/list" };
    expect(
      (
        await call("POST", "/api/mcp/gateway", {
          ...json(list),
          headers: { ...token, "content-type": "application/json" },
        })
      ).status,
    ).toBe(200);
    const notice = { jsonrpc: "2.0", method: "notifications/initialized" };
    expect(
      (
        await call("POST", "/api/mcp/gateway", {
          ...json(notice),
          headers: { ...token, "content-type": "application/json" },
        })
      ).status,
    ).toBe(202);
    const jsonOnly = { ...token, accept: "application/json", "content-type": "application/json" };
    expect((await call("POST", "/api/mcp/gateway", { ...json(list), headers: jsonOnly })).status).toBe(406);
    expect((await call("GET", "/api/mcp/gateway", { headers: token })).status).toBe(405);
    expect((await call("DELETE", "/api/mcp/gateway", { headers: token })).status).toBe(200);
    expect((await post(`/api/runs/${runId}/external/outside/done`, { text: "42" })).status).toBe(202);
    expect((await post(`/api/runs/${runId}/external/outside/done`, { text: "42" })).status).toBe(404);
  });

  it("webhooks: at once, when done, disabled, unknown", async () => {
    expect((await post(`/api/hooks/${ids.hooks}/now`, { a: 1 })).status).toBe(202);
    expect((await post(`/api/hooks/${ids.hooks}/done`, { a: 2 })).status).toBe(200);
    expect((await post(`/api/hooks/${ids.hooks}/off`, { a: 3 })).status).toBe(409);
    expect((await post(`/api/hooks/${ids.hooks}/nobody`, { a: 4 })).status).toBe(404);
  });

  it("conversations: list, start, read, rename, send, delete", async () => {
    expect((await get(`/api/workflows/${ids.flow}/conversations`)).status).toBe(200);
    expect((await get(`${gone}/conversations`)).status).toBe(404);
    expect((await post(`${gone}/conversations`)).status).toBe(404);
    const created = await post(`/api/workflows/${ids.flow}/conversations`, { title: "Contract" });
    expect(created.status).toBe(201);
    const id = (JSON.parse(created.text) as { id: string }).id;
    expect((await post(`/api/conversations/${id}/messages`, { text: "hello" })).status).toBe(201);
    expect((await post("/api/conversations/nobody/messages", { text: "hello" })).status).toBe(404);
    expect((await get(`/api/conversations/${id}`)).status).toBe(200);
    expect((await get("/api/conversations/nobody")).status).toBe(404);
    expect((await call("PATCH", `/api/conversations/${id}`, json({ title: "Renamed" }))).status).toBe(200);
    expect((await call("PATCH", "/api/conversations/nobody", json({ title: "Renamed" }))).status).toBe(404);
    expect((await call("DELETE", `/api/conversations/${id}`)).status).toBe(204);
    expect((await call("DELETE", `/api/conversations/${id}`)).status).toBe(404);
  });

  it("knowledge bases: create, add and delete a document, re-index, search, delete", async () => {
    const embedding = { provider: "ollama", baseUrl: "http://127.0.0.1:9", model: "nomic-embed-text" };
    const created = await post("/api/knowledge", { name: "contract-kb", embedding });
    expect(created.status).toBe(201);
    expect((await post("/api/knowledge", { name: "contract-kb", embedding })).status).toBe(409);
    const kb = `/api/knowledge/${(JSON.parse(created.text) as { id: string }).id}`;
    expect((await post(`${kb}/documents`, { name: "a.txt", text: "A line to index." })).status).toBe(202);
    expect((await post(`${kb}/documents`, { name: "b.txt" })).status).toBe(400);
    expect((await post("/api/knowledge/nobody/documents", { name: "a.txt", text: "x" })).status).toBe(404);
    expect((await post(`${kb}/documents`, { name: "gone.txt", text: "A line to delete." })).status).toBe(202);
    expect((await call("DELETE", `${kb}/documents/gone.txt`)).status).toBe(204);
    expect((await call("DELETE", `${kb}/documents/gone.txt`)).status).toBe(404);
    expect((await post(`${kb}/reindex`)).status).toBe(202);
    expect((await post("/api/knowledge/nobody/reindex")).status).toBe(404);
    expect((await post(`${kb}/search`, { query: "line", filter: { documents: [] } })).status).toBe(200);
    expect((await post("/api/knowledge/nobody/search", { query: "line" })).status).toBe(404);
    expect((await get("/api/knowledge")).status).toBe(200);
    expect((await get(kb)).status).toBe(200);
    expect((await get("/api/knowledge/nobody")).status).toBe(404);
    expect((await call("DELETE", kb)).status).toBe(204);
    expect((await call("DELETE", kb)).status).toBe(404);
  });

  it("secrets, the audit trail, insights, variables, models, MCP, health", async () => {
    expect((await call("PUT", "/api/secrets/CONTRACT_KEY", json({ value: "v" }))).status).toBe(200);
    expect((await get("/api/secrets")).status).toBe(200);
    expect((await call("DELETE", "/api/secrets/CONTRACT_KEY")).status).toBe(204);
    expect((await call("DELETE", "/api/secrets/CONTRACT_KEY")).status).toBe(404);
    expect((await get("/api/audit/tool-calls?limit=5")).status).toBe(200);
    expect((await get(`/api/insights?workflowId=${ids.flow}&range=24h`)).status).toBe(200);
    expect((await get("/api/insights?from=2026-03-01&to=2026-03-02")).status).toBe(200);
    expect((await call("PUT", "/api/variables/CONTRACT_VAR", json({ value: "v" }))).status).toBe(200);
    expect((await call("PUT", `/api/variables/CONTRACT_VAR?workflowId=${ids.flow}`, json({ value: "w" }))).status).toBe(
      200,
    );
    expect((await call("PUT", "/api/variables/CONTRACT_VAR?workflowId=nobody", json({ value: "w" }))).status).toBe(404);
    expect((await get("/api/variables")).status).toBe(200);
    expect((await call("DELETE", "/api/variables/CONTRACT_VAR")).status).toBe(204);
    expect((await call("DELETE", "/api/variables/CONTRACT_VAR")).status).toBe(404);
    const models = { provider: "ollama", params: { ollamaBaseUrl: "http://127.0.0.1:1" } };
    expect((await post("/api/models", models)).status).toBe(200);
    const mcp = { ...stack.headers, "content-type": "application/json", accept: "application/json, text/event-stream" };
    const list = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" });
    expect((await call("POST", "/api/mcp/workflows", { body: list, headers: mcp })).status).toBe(200);
    const notice = JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" });
    expect((await call("POST", "/api/mcp/workflows", { body: notice, headers: mcp })).status).toBe(202);
    const jsonOnly = { ...mcp, accept: "application/json" };
    expect((await call("POST", "/api/mcp/workflows", { body: list, headers: jsonOnly })).status).toBe(406);
    expect((await call("GET", "/api/mcp/workflows")).status).toBe(405);
    expect((await call("DELETE", "/api/mcp/workflows")).status).toBe(405);
    const discover = {
      nodeId: "n",
      type: "mcp.server",
      label: "x",
      params: { transport: "http", url: "http://127.0.0.1:1/mcp" },
    };
    expect((await post("/api/mcp/discover", discover)).status).toBe(200);
    expect((await get("/api/mcp/oauth/callback?code=c&state=nope")).status).toBe(400);
    expect((await call("GET", "/api/health", {})).status).toBe(200);
    expect((await get("/api/metrics")).status).toBe(200);
  });
});

describe("coverage", () => {
  it("every documented answer was reached by a real request above (or is listed, with why, in UNREACHED)", () => {
    const documented = contract.documented();
    for (const key of Object.keys(UNREACHED)) expect(documented, `UNREACHED names ${key}`).toContain(key);
    const missing = documented.filter((key) => !contract.seen.has(key) && !(key in UNREACHED));
    expect(missing).toEqual([]);
  });
});
