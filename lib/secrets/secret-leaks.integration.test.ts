/**
 * The back doors a secret could leave by, closed: a secret restricted to some hosts is refused on
 * its way anywhere else (the server never sees it); a secret echoed back by a real MCP server, or
 * by an HTTP server as base64 or URL-encoded, is redacted from outputs and events; an HTTP
 * Request node cannot be redirected to the cloud metadata address.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { addressPolicy } from "../net/address-policy";
import { guardedFetch } from "../net/guarded-fetch";
import { listEvents } from "../runs/read-events";
import { graphEdge, graphNode } from "../testing/fixtures";
import { everythingStdio } from "../testing/mcp-peers";
import { runWorkflowToEnd } from "../testing/run-workflow";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { secretRef } from "./secret-ref";
import { putSecret } from "./secret-store";

const SECRET = "sk-leak-test-4b8e2d91c0";
let stack: TestStack;
let server: Server;
let serverUrl: string;
const received: string[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  server = createServer((req, res) => {
    const token = String(req.headers["x-token"] ?? "");
    received.push(`${req.url} ${token}`);
    if (req.url?.startsWith("/to-metadata"))
      return res.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
    if (req.url?.startsWith("/to-self")) return res.writeHead(302, { location: `${serverUrl}/echo` }).end();
    const body = {
      raw: token,
      base64: Buffer.from(token).toString("base64"),
      url: encodeURIComponent(token),
      hex: Buffer.from(token).toString("hex"),
    };
    res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await putSecret("LEAK_OPEN", SECRET);
  await putSecret("LEAK_RESTRICTED", SECRET, ["api.example.com", "*.example.org"]);
});
afterAll(async () => {
  await stack.close();
  server.close();
});

async function expectNoTrace(runId: string) {
  const stored = JSON.stringify({
    events: await listEvents(runId),
    run: await getDb().run.findUniqueOrThrow({ where: { id: runId }, select: { output: true, error: true } }),
  });
  for (const form of [
    SECRET,
    Buffer.from(SECRET).toString("base64"),
    Buffer.from(SECRET).toString("base64").replace(/=+$/, ""),
    encodeURIComponent(SECRET),
    Buffer.from(SECRET).toString("hex"),
  ]) {
    expect(stored, form).not.toContain(form);
  }
}

describe("a secret restricted to some hosts", () => {
  it("is refused on its way to any other host, naming the secret and the host, and the server never sees it", async () => {
    received.length = 0;
    const { runId, result } = await runWorkflowToEnd(stack, {
      nodes: [
        graphNode("send", "core.http.request", {
          label: "Send",
          params: { url: `${serverUrl}/echo`, headers: { "X-Token": secretRef("LEAK_RESTRICTED") } },
        }),
      ],
      edges: [],
    });
    expect(result.status).toBe("failed");
    expect(result.error).toBe(
      'secret "LEAK_RESTRICTED" may only be sent to api.example.com, *.example.org, not to 127.0.0.1',
    );
    expect(received).toEqual([]);
    await expectNoTrace(runId);
  });
});

describe("a secret coming back", () => {
  it("is redacted when an HTTP server echoes it raw, base64, URL-encoded or hex", async () => {
    const { runId, result } = await runWorkflowToEnd(stack, {
      nodes: [
        graphNode("send", "core.http.request", {
          label: "Send",
          params: { url: `${serverUrl}/echo`, headers: { "X-Token": secretRef("LEAK_OPEN") } },
        }),
      ],
      edges: [],
    });
    expect(result.status).toBe("completed");
    expect(received.at(-1)).toBe(`/echo ${SECRET}`);
    expect(result.output).toMatchObject({
      body: { raw: "[secret]", base64: "[secret]", url: "[secret]", hex: "[secret]" },
    });
    await expectNoTrace(runId);
  });

  it("is redacted when a real MCP server echoes it back to an agent", async () => {
    const { runId, result } = await runWorkflowToEnd(stack, {
      nodes: [
        graphNode("entry", "core.entry"),
        graphNode("agent", "core.agent", {
          params: {
            provider: "scripted",
            script: {
              toolCalls: [{ tool: "everything__echo", args: { message: secretRef("LEAK_OPEN") } }],
              finalText: "The server said {{results.0}}",
            },
          },
        }),
        graphNode("everything", "mcp.server", {
          label: "everything",
          mode: "tool",
          params: everythingStdio("leak-test"),
        }),
      ],
      edges: [graphEdge("entry", "output", "agent", "input"), graphEdge("everything", "tool", "agent", "tools")],
    });
    expect(result.status, result.error ?? "").toBe("completed");
    expect((result.output as { text: string }).text).toContain("[secret]");
    await expectNoTrace(runId);
  }, 30_000);
});

describe("redirects", () => {
  it("a redirect to the cloud metadata address fails the node, naming the address", async () => {
    const { result } = await runWorkflowToEnd(stack, {
      nodes: [graphNode("fetch", "core.http.request", { label: "Fetch", params: { url: `${serverUrl}/to-metadata` } })],
      edges: [],
    });
    expect(result.status).toBe("failed");
    expect(result.error).toContain("169.254.169.254 is a private, link-local or metadata address");
  });

  it("in production, a redirect to loopback is refused too, and credentials are not carried to another origin", async () => {
    const production = addressPolicy({ NODE_ENV: "production" });
    await expect(guardedFetch(`${serverUrl}/echo`, {}, { policy: production })).rejects.toThrow(
      "127.0.0.1 is a loopback address",
    );
    // A public-looking first hop is not available offline; the same check runs on every hop, as the metadata case
    // shows.
    const response = await guardedFetch(`${serverUrl}/to-self`, { headers: { "x-token": "same-origin-keeps-it" } });
    expect(await response.json()).toMatchObject({ raw: "same-origin-keeps-it" });
  });
});
