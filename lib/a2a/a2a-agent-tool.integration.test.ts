/**
 * The A2A Agent tool kind, over real HTTP: a Switchboard agent whose A2A Agent tool points at another Switchboard
 * workflow's Agent Card (exposed over A2A, reached with an API key kept as a secret) sees the remote agent's card as
 * the tool's description, calls it through the gateway (recorded, audited) and hands on its answer; the key never
 * shows in an event. And against an A2A server built from the SDK's own server classes (Express adapter), not
 * Switchboard's. A card the agent cannot read fails the tool's registration with the reason.
 */
import { AGENT_CARD_PATH, TaskState, type AgentCard } from "@a2a-js/sdk";
import { AgentEvent, DefaultRequestHandler, InMemoryTaskStore, type AgentExecutor } from "@a2a-js/sdk/server";
import { agentCardHandler, jsonRpcHandler, UserBuilder } from "@a2a-js/sdk/server/express";
import express from "express";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listEvents } from "../runs/read-events";
import { secretRef } from "../secrets/secret-ref";
import { putSecret } from "../secrets/secret-store";
import { createWorkflow } from "../testing/exposed-workflows";
import { graphEdge, graphNode } from "../testing/fixtures";
import { runWorkflowToEnd } from "../testing/run-workflow";
import { startTestStack, type TestStack } from "../testing/test-stack";
import type { WorkflowGraph } from "../workflow/graph";
import { agentMessage, partsText, textPart } from "./parts";

let stack: TestStack;
let greeterId = "";
let sdkServer: Server;
let sdkUrl = "";

const GREETER = {
  name: "Remote greeter",
  settings: { a2a: { expose: true, description: "Greets whoever you name." } },
  nodes: [
    graphNode("entry", "core.entry"),
    graphNode("hello", "core.code", { label: "Hello", params: { code: "return 'Hello, ' + input + '!';" } }),
    graphNode("out", "core.output", { label: "Out" }),
  ],
  edges: [graphEdge("entry", "output", "hello", "input"), graphEdge("hello", "result", "out", "value")],
};

/** An agent that asks the tool named `tool` about Ada and answers with what it said. */
const callerGraph = (params: Record<string, unknown>): WorkflowGraph => ({
  nodes: [
    graphNode("entry", "core.entry"),
    graphNode("agent", "core.agent", {
      params: {
        provider: "scripted",
        script: { toolCalls: [{ tool: "greeter", args: { message: "Ada" } }], finalText: "{{results.0}}" },
      },
    }),
    graphNode("peer", "core.a2a.agent", { label: "Greeter", mode: "tool", params }),
  ],
  edges: [graphEdge("entry", "output", "agent", "input"), graphEdge("peer", "tool", "agent", "tools")],
});

/** An A2A server made only of the SDK's classes: it answers "Echo: …" as a completed task. */
async function startSdkServer(): Promise<void> {
  const executor: AgentExecutor = {
    execute: async (context, bus) => {
      const said = partsText(context.userMessage.parts);
      const base = { taskId: context.taskId, contextId: context.contextId, metadata: undefined };
      bus.publish(
        AgentEvent.task({
          id: context.taskId,
          contextId: context.contextId,
          status: { state: TaskState.TASK_STATE_WORKING, message: undefined, timestamp: new Date().toISOString() },
          artifacts: [],
          history: [context.userMessage],
          metadata: undefined,
        }),
      );
      bus.publish(
        AgentEvent.artifactUpdate({
          ...base,
          artifact: {
            artifactId: "a",
            name: "echo",
            description: "",
            parts: [textPart(`Echo: ${said}`)],
            metadata: undefined,
            extensions: [],
          },
          append: false,
          lastChunk: true,
        }),
      );
      bus.publish(
        AgentEvent.statusUpdate({
          ...base,
          status: {
            state: TaskState.TASK_STATE_COMPLETED,
            message: agentMessage(context.taskId, context.contextId, "done"),
            timestamp: new Date().toISOString(),
          },
        }),
      );
      bus.finished();
    },
    cancelTask: async () => undefined,
  };
  const app = express();
  sdkServer = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => sdkServer.once("listening", resolve));
  sdkUrl = `http://127.0.0.1:${(sdkServer.address() as AddressInfo).port}`;
  const card: AgentCard = {
    name: "SDK echo",
    description: "Echoes what it is told.",
    version: "1",
    supportedInterfaces: [{ url: `${sdkUrl}/a2a`, protocolBinding: "JSONRPC", protocolVersion: "1.0", tenant: "" }],
    provider: undefined,
    capabilities: { streaming: false, extensions: [] },
    securitySchemes: {},
    securityRequirements: [],
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    skills: [
      {
        id: "echo",
        name: "Echo",
        description: "Says it back",
        tags: [],
        examples: [],
        inputModes: [],
        outputModes: [],
        securityRequirements: [],
      },
    ],
    signatures: [],
  };
  const handler = new DefaultRequestHandler(card, new InMemoryTaskStore(), executor);
  app.use(`/${AGENT_CARD_PATH}`, agentCardHandler({ agentCardProvider: handler }));
  app.use("/a2a", jsonRpcHandler({ requestHandler: handler, userBuilder: UserBuilder.noAuthentication }));
}

beforeAll(async () => {
  stack = await startTestStack();
  greeterId = await createWorkflow(stack, GREETER);
  await putSecret("PEER_SWITCHBOARD_KEY", stack.account.headers.authorization ?? stack.account.headers["x-api-key"]);
  await startSdkServer();
});
afterAll(async () => {
  sdkServer?.close();
  await stack?.close();
});

describe("the A2A Agent tool", () => {
  it("lets an agent call another Switchboard's workflow over A2A, through the gateway, key kept secret", async () => {
    const key = stack.account.headers.authorization ?? stack.account.headers["x-api-key"];
    const header = stack.account.headers.authorization ? "Authorization" : "x-api-key";
    const { runId, result } = await runWorkflowToEnd(
      stack,
      callerGraph({
        cardUrl: `${stack.url}/api/a2a/${greeterId}/.well-known/agent-card.json`,
        headers: { [header]: secretRef("PEER_SWITCHBOARD_KEY") },
      }),
    );
    expect(result.status).toBe("completed");
    expect((result.output as { text: string }).text).toContain("Hello, Ada!");
    const events = await listEvents(runId);
    const registered = events.find((event) => event.type === "tool.registered");
    expect(registered?.payload).toMatchObject({
      toolName: "greeter",
      kind: "a2a",
      description: expect.stringContaining("Greets whoever you name."),
    });
    const completed = events.find((event) => event.type === "tool.call.completed");
    expect(completed?.payload).toMatchObject({ toolName: "greeter", isError: false });
    expect(JSON.stringify(completed?.payload)).toContain("Hello, Ada!");
    expect(JSON.stringify(events)).not.toContain(key.replace(/^Bearer /, ""));
  });

  it("calls an A2A server built from the SDK's own server classes", async () => {
    const { result } = await runWorkflowToEnd(stack, callerGraph({ cardUrl: sdkUrl }));
    expect(result.status).toBe("completed");
    expect((result.output as { text: string }).text).toContain("Echo: Ada");
  });

  it("fails the tool's registration, with the reason, when the card cannot be read", async () => {
    const { result } = await runWorkflowToEnd(
      stack,
      callerGraph({ cardUrl: `${stack.url}/api/a2a/${greeterId}/.well-known/agent-card.json` }),
    );
    expect(JSON.stringify(result)).toMatch(/could not read its A2A agent's card.*401/);
  });
});
