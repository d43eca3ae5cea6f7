/**
 * A published workflow as an A2A agent, driven by the official SDK's own client over real HTTP (the real routes,
 * workers, Redis and PostgreSQL): the client discovers the Agent Card at the well-known path, sends a message (a run
 * of the published version, trigger "a2a") and gets the completed task with the output as its artifact, streams one
 * (a model's answer arrives as appended chunks of the artifact), reads a task back, and cancels one (the run is
 * cancelled). A v0.3 caller's `message/send` works too. Input that does not fit the Entry is a rejected task naming
 * the field; a workflow not exposed over A2A has no card and no endpoint.
 */
import { Role, TaskState, type Message, type Task } from "@a2a-js/sdk";
import { ClientFactory, DefaultAgentCardResolver, JsonRpcTransportFactory, type Client } from "@a2a-js/sdk/client";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { createWorkflow } from "../testing/exposed-workflows";
import { graphEdge, graphNode } from "../testing/fixtures";
import { startTestStack, type TestStack } from "../testing/test-stack";
import { waitFor } from "../testing/wait-for";
import { partsText } from "./parts";

let stack: TestStack;
const ids = { greeter: "", slow: "", hidden: "", writer: "" };

const GREETER = {
  name: "A2A greeter",
  settings: { a2a: { expose: true, description: "Greets someone by name." } },
  nodes: [
    graphNode("entry", "core.entry", {
      params: { inputFields: [{ name: "name", type: "string", required: true, description: "Who to greet" }] },
    }),
    graphNode("hello", "core.code", { label: "Hello", params: { code: "return 'Hello, ' + input.name + '!';" } }),
    graphNode("out", "core.output", { label: "Out" }),
  ],
  edges: [graphEdge("entry", "output", "hello", "input"), graphEdge("hello", "result", "out", "value")],
};

const SLOW = {
  name: "A2A slow",
  settings: { a2a: { expose: true } },
  nodes: [
    graphNode("entry", "core.entry"),
    graphNode("pause", "core.wait", { label: "Pause", params: { seconds: 3 } }),
  ],
  edges: [graphEdge("entry", "output", "pause", "input")],
};

const WRITTEN = "An answer written a few words at a time reaches the caller as it is written.";
const WRITER = {
  name: "A2A writer",
  settings: { a2a: { expose: true } },
  nodes: [
    graphNode("entry", "core.entry"),
    graphNode("agent", "core.agent", {
      label: "Writer",
      params: { provider: "scripted", script: { toolCalls: [], finalText: WRITTEN, streamDelayMs: 60 } },
    }),
  ],
  edges: [graphEdge("entry", "output", "agent", "input")],
};

/** The SDK's client for a workflow's agent, its requests signed with the test account's API key. */
async function clientFor(workflowId: string): Promise<Client> {
  const fetchImpl: typeof fetch = (input, init) =>
    fetch(input, { ...init, headers: { ...Object.fromEntries(new Headers(init?.headers)), ...stack.account.headers } });
  const factory = new ClientFactory({
    transports: [new JsonRpcTransportFactory({ fetchImpl })],
    cardResolver: new DefaultAgentCardResolver({ fetchImpl }),
  });
  // A trailing slash: the card path is resolved against it, as URLs are.
  return factory.createFromUrl(`${stack.url}/api/a2a/${workflowId}/`);
}

const userMessage = (parts: Message["parts"]): Message => ({
  messageId: randomUUID(),
  contextId: "",
  taskId: "",
  role: Role.ROLE_USER,
  parts,
  metadata: undefined,
  extensions: [],
  referenceTaskIds: [],
});
const data = (value: unknown): Message["parts"][number] => ({
  content: { $case: "data", value },
  metadata: undefined,
  filename: "",
  mediaType: "application/json",
});
const send = (message: Message, returnImmediately = false) => ({
  tenant: "",
  message,
  configuration: {
    acceptedOutputModes: [],
    taskPushNotificationConfig: undefined,
    returnImmediately,
  },
  metadata: undefined,
});

const asTask = (result: Task | Message): Task => {
  expect("status" in result).toBe(true);
  return result as Task;
};

beforeAll(async () => {
  stack = await startTestStack();
  ids.greeter = await createWorkflow(stack, GREETER);
  ids.slow = await createWorkflow(stack, SLOW);
  ids.hidden = await createWorkflow(stack, { ...SLOW, name: "A2A hidden", settings: {} });
  ids.writer = await createWorkflow(stack, WRITER);
});
afterAll(() => stack?.close());

describe("a workflow as an A2A agent, through the SDK's client", () => {
  it("serves its Agent Card at the well-known path, with a skill from its Entry", async () => {
    const client = await clientFor(ids.greeter);
    const card = await client.getAgentCard();
    expect(card).toMatchObject({ name: "A2A greeter", description: "Greets someone by name." });
    expect(card.capabilities?.streaming).toBe(true);
    expect(card.skills).toHaveLength(1);
    expect(card.skills[0].description).toContain('"name"');
    expect(card.supportedInterfaces[0].url).toBe(`${stack.url}/api/a2a/${ids.greeter}`);
  });

  it("runs the published version on a message and answers the completed task; tasks/get reads it back", async () => {
    const client = await clientFor(ids.greeter);
    const task = asTask(await client.sendMessage(send(userMessage([data({ name: "Ada" })]))));
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(partsText(task.artifacts[0].parts)).toContain("Hello, Ada!");
    const again = await client.getTask({ tenant: "", id: task.id });
    expect(again.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const run = await getDb().run.findUniqueOrThrow({ where: { id: task.metadata?.switchboardRunId as string } });
    expect(run).toMatchObject({ status: "completed", version: 1, trigger: { kind: "a2a" } });
  });

  it("streams a task: the task first, working while it runs, the answer, then completed", async () => {
    const client = await clientFor(ids.greeter);
    const seen: string[] = [];
    let answer = "";
    for await (const event of client.sendMessageStream(send(userMessage([data({ name: "Grace" })])))) {
      const payload = event.payload!;
      if (payload.$case === "statusUpdate") seen.push(TaskState[payload.value.status!.state]);
      else seen.push(payload.$case);
      if (payload.$case === "artifactUpdate") answer = partsText(payload.value.artifact!.parts);
    }
    expect(seen[0]).toBe("task");
    expect(seen).toContain("TASK_STATE_WORKING");
    expect(seen.indexOf("artifactUpdate")).toBeGreaterThan(seen.indexOf("TASK_STATE_WORKING"));
    expect(seen.at(-1)).toBe("TASK_STATE_COMPLETED");
    expect(answer).toContain("Hello, Grace!");
  });

  it("streams a model's answer as it is written: appended chunks of the answer artifact, then the whole as the last", async () => {
    const client = await clientFor(ids.writer);
    const chunks: { text: string; append: boolean; lastChunk: boolean }[] = [];
    for await (const event of client.sendMessageStream(send(userMessage([data("Write")])))) {
      const payload = event.payload!;
      if (payload.$case !== "artifactUpdate") continue;
      const { artifact, append, lastChunk } = payload.value;
      chunks.push({ text: partsText(artifact!.parts), append, lastChunk });
    }
    const streamed = chunks.filter((chunk) => !chunk.lastChunk);
    expect(streamed.length).toBeGreaterThan(1);
    expect(streamed[0].append).toBe(false);
    expect(streamed.slice(1).every((chunk) => chunk.append)).toBe(true);
    expect(streamed.map((chunk) => chunk.text).join("")).toBe(WRITTEN);
    expect(chunks.at(-1)).toMatchObject({ append: false, lastChunk: true });
    expect(chunks.at(-1)!.text).toContain(WRITTEN);
  });

  it("cancels a task by cancelling its run", async () => {
    const client = await clientFor(ids.slow);
    const task = asTask(await client.sendMessage(send(userMessage([data("wait")]), true)));
    const runId = task.metadata?.switchboardRunId as string;
    await waitFor(
      "the run to start",
      async () => ((await getDb().run.findUnique({ where: { id: runId } }))?.status === "running" ? true : undefined),
      10_000,
    );
    const cancelled = await client.cancelTask({ tenant: "", id: task.id, metadata: undefined });
    expect(cancelled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    await waitFor(
      "the run to be cancelled",
      async () => ((await getDb().run.findUnique({ where: { id: runId } }))?.status === "cancelled" ? true : undefined),
      10_000,
    );
  });

  it("rejects input that does not fit the Entry, naming the field", async () => {
    const client = await clientFor(ids.greeter);
    const task = asTask(await client.sendMessage(send(userMessage([data({ nom: "Ada" })]))));
    expect(task.status?.state).toBe(TaskState.TASK_STATE_REJECTED);
    expect(partsText(task.status!.message!.parts)).toContain("name");
  });
});

describe("the door", () => {
  it("a v0.3 caller's message/send gets the completed task", async () => {
    const response = await stack.fetch(`/api/a2a/${ids.greeter}`, {
      method: "POST",
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 7,
        method: "message/send",
        params: {
          message: {
            kind: "message",
            messageId: "m-1",
            role: "user",
            parts: [{ kind: "data", data: { name: "Lin" } }],
          },
        },
      }),
    });
    const answer = (await response.json()) as { id: number; result: { kind: string; status: { state: string } } };
    expect(answer).toMatchObject({ id: 7, result: { kind: "task", status: { state: "completed" } } });
    expect(JSON.stringify(answer.result)).toContain("Hello, Lin!");
  });

  it("a workflow not exposed over A2A has no card and no endpoint (404 naming the setting)", async () => {
    const card = await stack.fetch(`/api/a2a/${ids.hidden}/.well-known/agent-card.json`);
    expect(card.status).toBe(404);
    expect(((await card.json()) as { error: string }).error).toContain("Expose over A2A");
    const call = await stack.fetch(`/api/a2a/${ids.hidden}`, {
      method: "POST",
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "message/send", params: {} }),
    });
    expect(call.status).toBe(404);
  });
});
