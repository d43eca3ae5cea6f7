/**
 * Secrets through the real run path: set over the HTTP API, used in an HTTP Request's header (as
 * a normal node and as an agent's tool) against a local server that echoes what it received,
 * and never found in the run's events, its stored output or the worker's logs.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { listEvents } from "../runs/read-events";
import { graphEdge, graphNode } from "../testing/fixtures";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { waitForRun } from "../testing/wait-for-run";
import type { WorkflowGraph } from "../workflow/graph";
import { secretRef } from "./secret-ref";

const SECRET_VALUE = "sb-very-secret-7f3a9c";
let stack: TestStack;
let echo: Server;
let echoUrl: string;
const received: string[] = [];
const logs: string[] = [];
const workflowIds: string[] = [];
const restoreLogs: (() => void)[] = [];

/** Everything this process writes to its console or its stdout/stderr (the workers run in it). */
function captureLogs() {
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream);
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      logs.push(String(chunk));
      return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof stream.write;
    restoreLogs.push(() => (stream.write = write));
  }
  for (const level of ["log", "info", "warn", "error", "debug"] as const) {
    const original = console[level];
    console[level] = (...args: unknown[]) => {
      logs.push(args.map(String).join(" "));
      original(...args);
    };
    restoreLogs.push(() => (console[level] = original));
  }
}

async function api(method: string, path: string, body?: unknown) {
  const response = await stack.fetch(path, { method, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  if (method === "POST" && path === "/api/workflows" && response.status === 201) workflowIds.push(JSON.parse(text).id);
  return { status: response.status, text, body: text ? JSON.parse(text) : null };
}

beforeAll(async () => {
  captureLogs();
  stack = await startTestStack();
  echo = createServer((req, res) => {
    const token = String(req.headers["x-token"] ?? "");
    received.push(token);
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ path: req.url, token }));
  });
  await new Promise<void>((resolve) => echo.listen(0, "127.0.0.1", resolve));
  echoUrl = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
});

afterAll(async () => {
  restoreLogs.forEach((restore) => restore());
  await getDb().secret.deleteMany({ where: { name: { in: ["ECHO_TOKEN", "API_SPEC_TOKEN"] } } });
  // Other suites list workflows; leave the database as we found it.
  await getDb().workflow.deleteMany({ where: { id: { in: workflowIds } } });
  echo.close();
  await stack.close();
});

describe("secrets API", () => {
  it("adds, lists (names only), replaces and deletes a secret", async () => {
    const put = await api("PUT", "/api/secrets/API_SPEC_TOKEN", { value: "first-value" });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ name: "API_SPEC_TOKEN", allowedHosts: [], updatedAt: expect.any(String) });
    const listed = await api("GET", "/api/secrets");
    expect(listed.body.secrets).toContainEqual({
      name: "API_SPEC_TOKEN",
      allowedHosts: [],
      updatedAt: put.body.updatedAt,
    });
    expect(listed.text).not.toContain("first-value");

    const replaced = await api("PUT", "/api/secrets/API_SPEC_TOKEN", { value: "second-value" });
    expect(replaced.status).toBe(200);
    expect(replaced.text).not.toContain("second-value");
    expect(Date.parse(replaced.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(put.body.updatedAt));

    expect((await api("DELETE", "/api/secrets/API_SPEC_TOKEN")).status).toBe(204);
    expect((await api("GET", "/api/secrets")).body.secrets.map((s: { name: string }) => s.name)).not.toContain(
      "API_SPEC_TOKEN",
    );
    const again = await api("DELETE", "/api/secrets/API_SPEC_TOKEN");
    expect(again).toMatchObject({ status: 404, body: { error: 'Secret "API_SPEC_TOKEN" does not exist' } });
  });

  it("answers bad input with a 400 naming the field", async () => {
    expect(await api("PUT", "/api/secrets/1BAD", { value: "x" })).toMatchObject({
      status: 400,
      body: { error: expect.stringMatching(/^name: a secret name uses letters/) },
    });
    expect(await api("PUT", "/api/secrets/GOOD_NAME", {})).toMatchObject({
      status: 400,
      body: { error: "value: must be a string" },
    });
    expect(await api("PUT", "/api/secrets/GOOD_NAME", { value: "" })).toMatchObject({
      status: 400,
      body: { error: "value: must not be empty" },
    });
    expect(await api("PUT", "/api/secrets/GOOD_NAME", { value: 42 })).toMatchObject({
      status: 400,
      body: { error: "value: must be a string" },
    });
    expect(
      await api("PUT", "/api/secrets/GOOD_NAME", { value: "v", allowedHosts: ["api.example.com", "http://x/"] }),
    ).toMatchObject({
      status: 400,
      body: { error: "allowedHosts.1: must be a host name such as api.example.com or *.example.com" },
    });
  });
});

describe("a run that uses a secret", () => {
  it("sends the secret's value to the server, and nowhere else", async () => {
    expect((await api("PUT", "/api/secrets/ECHO_TOKEN", { value: SECRET_VALUE })).status).toBe(200);
    const headers = { "X-Token": secretRef("ECHO_TOKEN") };
    const graph: WorkflowGraph = {
      nodes: [
        graphNode("direct", "core.http.request", { label: "Direct", params: { url: `${echoUrl}/direct`, headers } }),
        graphNode("tool", "core.http.request", {
          label: "Echo",
          mode: "tool",
          params: { url: `${echoUrl}/tool`, headers },
        }),
        graphNode("agent", "core.agent", {
          label: "Agent",
          params: {
            provider: "scripted",
            script: {
              toolCalls: [{ tool: "echo", args: { url: `${echoUrl}/tool` } }],
              finalText: "The server said {{results.0}}",
            },
          },
        }),
      ],
      edges: [graphEdge("tool", "tool", "agent", "tools")],
    };
    const created = await api("POST", "/api/workflows", { name: "secret run", publish: true, ...graph });
    expect(created.status).toBe(201);
    const started = await api("POST", `/api/workflows/${created.body.id}/runs`, {});
    const runId = started.body.runId as string;
    const result = await waitForRun(stack, runId);
    expect(result.error).toBeNull();
    expect(result.status).toBe("completed");

    // The secret really was resolved and sent, by the normal node and by the tool call.
    expect(received.filter((token) => token === SECRET_VALUE)).toHaveLength(2);
    // What came back was redacted before anything recorded it.
    const output = result.output as { Direct: { body: { token: string } }; Agent: { text: string } };
    expect(output.Direct.body.token).toBe("[secret]");
    expect(output.Agent.text).toContain('"token":"[secret]"');

    const events = await listEvents(runId);
    expect(events.some((event) => event.type === "tool.call.completed")).toBe(true);
    // The settings it ran with, on its start, have the secret's value redacted.
    const directStart = events.find((event) => event.type === "node.started" && event.payload.nodeId === "direct");
    expect(directStart?.payload).toMatchObject({
      params: { url: `${echoUrl}/direct`, headers: { "X-Token": "[secret]" } },
    });
    const run = await getDb().run.findUniqueOrThrow({ where: { id: runId } });
    expect(JSON.stringify(events)).not.toContain(SECRET_VALUE);
    expect(JSON.stringify(run)).not.toContain(SECRET_VALUE);
    expect(logs.join("\n")).not.toContain(SECRET_VALUE);
    // The saved graph and plan hold only the reference.
    expect(JSON.stringify(run.plan)).toContain('{"$secret":"ECHO_TOKEN"}');
  });

  it("refuses to start a run whose node names a secret that is not set, naming node, field and secret", async () => {
    const graph: WorkflowGraph = {
      nodes: [
        graphNode("direct", "core.http.request", {
          label: "Direct",
          params: { url: `${echoUrl}/x`, headers: { "X-Token": secretRef("NOT_SET_ANYWHERE") } },
        }),
      ],
      edges: [],
    };
    const created = await api("POST", "/api/workflows", { name: "missing secret", publish: true, ...graph });
    const started = await api("POST", `/api/workflows/${created.body.id}/runs`, {});
    expect(started.status).toBe(400);
    expect(started.body.errors).toEqual([
      {
        code: "missing-secret",
        nodeId: "direct",
        field: "headers",
        message: '"Direct" uses the secret NOT_SET_ANYWHERE, which does not exist: an admin can add it in Secrets',
      },
    ]);
  });
});
