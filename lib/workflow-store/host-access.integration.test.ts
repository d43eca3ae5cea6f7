/**
 * Host access end to end, with the real routes, workers, database and programs: off by default
 * (refused when compiling, creating and connecting), only admins add host-access nodes, and no
 * request without credentials — or from another site, or to a foreign Host — starts a process.
 */
import { existsSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { connectMcpServer } from "../mcp/connect";
import { setHostToolsEnabled } from "../settings/host-tools";
import { apiClient } from "../testing/api-client";
import { shareWorkflow } from "../testing/share-workflow";
import { createTestAccount } from "../testing/test-accounts";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { waitForRun } from "../testing/wait-for-run";
import type { WorkflowGraph } from "../workflow/graph";

let stack: TestStack; // signed in as an admin
const fromEnv = process.env.SWITCHBOARD_HOST_TOOLS;

const marker = path.join(tmpdir(), `sb-marker-${process.pid}-${Date.now()}`);
const touchGraph: WorkflowGraph & { name: string } = {
  name: "touches a marker",
  nodes: [
    { id: "entry", type: "core.entry", position: { x: 0, y: 0 }, data: { label: "Entry", mode: "normal", params: {} } },
    {
      id: "touch",
      type: "core.shell.exec",
      position: { x: 0, y: 0 },
      data: {
        label: "Touch",
        mode: "normal",
        params: { allowedCommands: "touch", command: "touch", args: [marker], roots: [tmpdir()] },
      },
    }, // it writes only its roots
  ],
  edges: [],
};

beforeAll(async () => {
  stack = await startTestStack({ role: "admin" });
});
afterEach(async () => {
  if (fromEnv === undefined) delete process.env.SWITCHBOARD_HOST_TOOLS;
  else process.env.SWITCHBOARD_HOST_TOOLS = fromEnv;
  await setHostToolsEnabled(false);
});
afterAll(async () => {
  await stack.close();
});

async function hostAccessOff() {
  delete process.env.SWITCHBOARD_HOST_TOOLS;
  await setHostToolsEnabled(false);
  await new Promise((resolve) => setTimeout(resolve, 3_100)); // workers re-read the setting every few seconds
}

describe("host access off", () => {
  it("refuses host-access nodes when creating, running and connecting, and says how to turn it on", async () => {
    await hostAccessOff();
    const created = await stack.fetch("/api/workflows", {
      method: "POST",
      body: JSON.stringify({ ...touchGraph, publish: true }),
    });
    expect(created.status).toBe(400);
    expect(await created.json()).toMatchObject({
      code: "invalid-workflow",
      errors: [{ code: "host-access-disabled", nodeId: "touch" }],
    });
    await expect(
      connectMcpServer({ transport: "stdio", command: "node", args: ["-e", "1"], env: {} }, { retries: 0 }),
    ).rejects.toThrow("host access is off");

    await setHostToolsEnabled(true);
    const allowed = await stack.fetch("/api/workflows", {
      method: "POST",
      body: JSON.stringify({ ...touchGraph, publish: true }),
    });
    expect(allowed.status).toBe(201);
    const { id } = (await allowed.json()) as { id: string };
    await setHostToolsEnabled(false);
    const refusedRun = await stack.fetch(`/api/workflows/${id}/runs`, { method: "POST", body: "{}" });
    expect(refusedRun.status).toBe(400);
    expect(((await refusedRun.json()) as { errors: { message: string }[] }).errors[0].message).toContain(
      "host access is off",
    );
  }, 20_000);
});

describe("who may add host-access nodes", () => {
  it("an editor may not add a Run Command node; an admin may; the editor may then run it", async () => {
    await setHostToolsEnabled(true);
    const editorAccount = await createTestAccount("editor");
    const editor = apiClient(stack.url, editorAccount.headers);
    const refused = await editor.fetch("/api/workflows", {
      method: "POST",
      body: JSON.stringify({ ...touchGraph, publish: true }),
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: 'Only an admin may add or change nodes that touch the host: "Touch" (touch)',
    });

    const created = await stack.fetch("/api/workflows", {
      method: "POST",
      body: JSON.stringify({ ...touchGraph, publish: true }),
    });
    const { id } = (await created.json()) as { id: string };
    await shareWorkflow(id, editorAccount.userId);
    const run = await editor.fetch(`/api/workflows/${id}/runs`, { method: "POST", body: "{}" });
    expect(run.status).toBe(201);
    const { runId } = (await run.json()) as { runId: string };
    expect((await waitForRun(editor, runId)).status).toBe("completed");
    expect(existsSync(marker)).toBe(true); // the control: this workflow really does start a process
  }, 20_000);
});

describe("requests that must not start a process", () => {
  it("no credentials, another site, a foreign Host: no run, no marker", async () => {
    await setHostToolsEnabled(true);
    const other = {
      ...touchGraph,
      nodes: touchGraph.nodes.map((node) =>
        node.id === "touch"
          ? { ...node, data: { ...node.data, params: { ...node.data.params, args: [`${marker}-2`] } } }
          : node,
      ),
    };
    const created = await stack.fetch("/api/workflows", { method: "POST", body: JSON.stringify(other) });
    const { id } = (await created.json()) as { id: string };
    const path_ = `/api/workflows/${id}/runs`;

    expect(
      (
        await fetch(`${stack.url}${path_}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
        })
      ).status,
    ).toBe(401);
    const crossSite = await fetch(`${stack.url}${path_}`, {
      method: "POST",
      headers: {
        "content-type": "text/plain",
        origin: "https://evil.example",
        "sec-fetch-site": "cross-site",
        ...stack.headers,
      },
      body: "{}",
    });
    expect(crossSite.status).toBe(403);
    const foreignHost = await new Promise<number>((resolve, reject) => {
      const url = new URL(`${stack.url}${path_}`);
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: "POST",
          headers: { host: "rebound.evil.example", "content-type": "application/json", ...stack.headers },
        },
        (res) => resolve(res.statusCode ?? 0),
      );
      req.on("error", reject);
      req.end("{}");
    });
    expect(foreignHost).toBe(421);

    // workers are running: give a wrongly queued run time to act
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(existsSync(`${marker}-2`)).toBe(false);
  }, 20_000);
});
