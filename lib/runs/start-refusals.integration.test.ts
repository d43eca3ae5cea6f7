/**
 * Runs that cannot do anything useful are refused before they start, naming the node and field: an empty workflow, a
 * secret that does not exist.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { putSecret } from "../secrets/secret-store";
import { graphEdge, graphNode } from "../testing/fixtures";
import { startTestStack, type TestStack } from "../testing/test-stack";

let stack: TestStack;
beforeAll(async () => {
  stack = await startTestStack({ workers: false });
});
afterAll(() => stack.close());

async function create(graph: unknown): Promise<string> {
  const response = await stack.fetch("/api/workflows", {
    method: "POST",
    body: JSON.stringify({ ...(graph as object), publish: true }),
  });
  return ((await response.json()) as { id: string }).id;
}
const start = async (id: string) => {
  const response = await stack.fetch(`/api/workflows/${id}/runs`, { method: "POST", body: "{}" });
  return {
    status: response.status,
    body: (await response.json()) as { errors?: { code: string; nodeId?: string; field?: string; message: string }[] },
  };
};

it("refuses to run an empty workflow", async () => {
  const id = await create({ name: "empty", nodes: [], edges: [] });
  const refused = await start(id);
  expect(refused.status).toBe(400);
  expect(refused.body.errors).toEqual([
    expect.objectContaining({ code: "empty-workflow", message: expect.stringContaining("The workflow is empty") }),
  ]);
});

it("refuses a run whose node names a secret that does not exist, then runs once it does", async () => {
  const name = `MISSING_TOKEN_${Date.now()}`;
  const id = await create({
    name: "needs a secret",
    nodes: [
      graphNode("entry", "core.entry"),
      graphNode("call", "core.http.request", {
        label: "Call API",
        params: { url: "https://example.com", headers: { Authorization: { $secret: name } } },
      }),
    ],
    edges: [graphEdge("entry", "output", "call", "body")],
  });
  const refused = await start(id);
  expect(refused.status).toBe(400);
  expect(refused.body.errors).toEqual([
    {
      code: "missing-secret",
      nodeId: "call",
      field: "headers",
      message: `"Call API" uses the secret ${name}, which does not exist: an admin can add it in Secrets`,
    },
  ]);
  await putSecret(name, "token-value");
  expect((await start(id)).status).toBe(201);
});
