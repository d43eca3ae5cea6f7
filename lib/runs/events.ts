/** The run event union: what the worker records and the run view draws. */
import { z } from "zod";
import { AGENT_LIMITS } from "../agent/stop-reason";
import { TranscriptMessage } from "./transcript";

const nodeRef = { nodeId: z.string() };

/**
 * Who decided an approval: "person" when someone pressed a button, "timeout" when nobody did in time, "run-end" when
 * the run ended first.
 */
export const ApprovalDecider = z.enum(["person", "timeout", "run-end"]);
export type ApprovalDecider = z.infer<typeof ApprovalDecider>;

/** What a suspended node waits for (lib/nodes/types.ts WaitRequest). */
export const WaitKind = z.enum(["timer", "approval", "webhook", "external"]);
export type WaitKind = z.infer<typeof WaitKind>;

export const ToolCallRecord = z.object({
  callId: z.string(),
  toolName: z.string(),
  args: z.unknown(),
  result: z.unknown().optional(),
  isError: z.boolean(),
  iteration: z.number(),
  /** For a Loop's calls: the item it was called for, from 0. */
  item: z.number().int().min(0).optional(),
  durationMs: z.number(),
});
export type ToolCallRecord = z.infer<typeof ToolCallRecord>;

export const RunEventInput = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("run.queued"),
    payload: z.object({
      workflowId: z.string(),
      trigger: z.object({ kind: z.string(), nodeId: z.string().optional() }).optional(),
    }),
  }),
  z.object({ type: z.literal("run.started"), payload: z.object({}) }),
  z.object({ type: z.literal("run.completed"), payload: z.object({ output: z.unknown(), durationMs: z.number() }) }),
  z.object({ type: z.literal("run.failed"), payload: z.object({ error: z.string(), nodeId: z.string().optional() }) }),
  z.object({ type: z.literal("run.cancelled"), payload: z.object({}) }),
  /**
   * Another worker took the run over after its worker stopped: finished nodes are kept, in-flight ones run again.
   * `afterCrash`: the worker died (it did not hand the run back).
   */
  z.object({
    type: z.literal("run.resumed"),
    payload: z.object({
      attempt: z.number(),
      completedNodeIds: z.array(z.string()),
      retriedNodeIds: z.array(z.string()),
      afterCrash: z.boolean().optional(),
      /** Woken from waiting (a wait ended), not taken over from a worker that stopped. */
      woken: z.boolean().optional(),
    }),
  }),
  /**
   * `params`: the settings a component node runs with, templates filled and inputs in; a secret shows as its reference,
   * never its value.
   */
  z.object({
    type: z.literal("node.started"),
    payload: z.object({
      ...nodeRef,
      mode: z.enum(["normal", "tool"]),
      params: z.record(z.string(), z.unknown()).optional(),
    }),
  }),
  /** `handledError`: the node failed and its `onError` handed the error on as its output instead of failing the run. */
  z.object({
    type: z.literal("node.completed"),
    payload: z.object({
      ...nodeRef,
      output: z.unknown(),
      durationMs: z.number(),
      handledError: z.string().optional(),
      /** A test run took this node as done, with its pinned output or one from an earlier run (`fromRunId`). */
      reused: z.enum(["pinned", "earlier-run"]).optional(),
      fromRunId: z.string().optional(),
    }),
  }),
  /**
   * A try of the node failed and it tries again after `waitMs` (its `data.retry`): `attempt` is the coming try (2 for
   * the first retry), `error` what the last one failed with. `callId`: a tool call through the gateway that is retried.
   */
  z.object({
    type: z.literal("node.retrying"),
    payload: z.object({
      ...nodeRef,
      attempt: z.number(),
      error: z.string(),
      waitMs: z.number(),
      callId: z.string().optional(),
    }),
  }),
  z.object({ type: z.literal("node.failed"), payload: z.object({ ...nodeRef, error: z.string() }) }),
  /**
   * The settings a node ran with, as runs recorded them before node.started carried them: read in their logs, no longer
   * written.
   */
  z.object({
    type: z.literal("node.params"),
    payload: z.object({ ...nodeRef, params: z.record(z.string(), z.unknown()) }),
  }),
  z.object({ type: z.literal("node.skipped"), payload: z.object({ ...nodeRef, reason: z.string() }) }),
  z.object({
    type: z.literal("tool.registered"),
    payload: z.object({ ...nodeRef, toolName: z.string(), kind: z.string(), description: z.string() }),
  }),
  z.object({
    type: z.literal("tool.unavailable"),
    payload: z.object({ ...nodeRef, toolName: z.string(), error: z.string() }),
  }),
  /** A tool source was released at the end of a run (MCP client closed, stdio process group killed). */
  z.object({
    type: z.literal("tool.teardown"),
    payload: z.object({ ...nodeRef, toolName: z.string(), detail: z.string() }),
  }),
  /** An MCP server's health check: green answers quickly, yellow slowly or after retries, red not at all. */
  z.object({
    type: z.literal("tool.health"),
    payload: z.object({
      ...nodeRef,
      toolName: z.string(),
      status: z.enum(["green", "yellow", "red"]),
      latencyMs: z.number().optional(),
      error: z.string().optional(),
    }),
  }),
  z.object({
    type: z.literal("agent.step"),
    payload: z.object({
      ...nodeRef,
      iteration: z.number(),
      text: z.string(),
      toolCalls: z.number(),
      finishReason: z.string(),
      /**
       * The messages new in this step (the first step's include the system prompt and the prompt): the node's
       * conversation, step by step.
       */
      messages: z.array(TranscriptMessage).optional(),
      /** On an agent's forced last step (no tools): the limit that forced it. */
      stopReason: z.enum(AGENT_LIMITS).optional(),
      /** The step's tokens, so a node resumed from its steps still counts the ones spent before. */
      usage: z.object({ inputTokens: z.number(), outputTokens: z.number(), totalTokens: z.number() }).optional(),
      /** What this model call cost (US dollars) by the price table; absent when the model has no price. */
      costUsd: z.number().optional(),
    }),
  }),
  /**
   * A piece of a model node's answer as it streams in (STREAM_FLUSH_MS of deltas); the step's `agent.step` has the
   * whole text.
   */
  z.object({
    type: z.literal("agent.text"),
    payload: z.object({ ...nodeRef, iteration: z.number(), text: z.string() }),
  }),
  z.object({
    type: z.literal("tool.call.started"),
    payload: z.object({
      ...nodeRef,
      callId: z.string(),
      toolName: z.string(),
      args: z.unknown(),
      iteration: z.number(),
      item: z.number().int().min(0).optional(),
    }),
  }),
  z.object({ type: z.literal("tool.call.completed"), payload: z.object({ ...nodeRef, ...ToolCallRecord.shape }) }),
  /** The gateway refused a call outside the agent's allowed tools (token claims). nodeId is the agent. */
  z.object({
    type: z.literal("tool.call.blocked"),
    payload: z.object({ ...nodeRef, toolName: z.string(), args: z.unknown(), reason: z.string() }),
  }),
  /** A call to a tool marked "requires approval" waits for a person. nodeId is the agent. */
  z.object({
    type: z.literal("tool.approval.requested"),
    payload: z.object({
      ...nodeRef,
      callId: z.string(),
      toolName: z.string(),
      args: z.unknown(),
      timeoutSeconds: z.number(),
    }),
  }),
  z.object({
    type: z.literal("tool.approval.decided"),
    payload: z.object({
      ...nodeRef,
      callId: z.string(),
      toolName: z.string(),
      decision: z.enum(["approved", "denied"]),
      by: ApprovalDecider,
      decidedBy: z.string().optional(),
      args: z.unknown().optional(),
      reason: z.string().optional(),
    }),
  }),
  z.object({
    type: z.literal("llm.usage"),
    payload: z.object({
      ...nodeRef,
      inputTokens: z.number(),
      outputTokens: z.number(),
      totalTokens: z.number(),
      tokenBudget: z.number().optional(),
      /** What the node's model calls cost (US dollars) by the price table; absent when the model has no price. */
      costUsd: z.number().optional(),
    }),
  }),
  /** A Workflow Tool started a run of another workflow (a child run); `callId` when an agent's tool call did. */
  z.object({
    type: z.literal("child.run.started"),
    payload: z.object({ ...nodeRef, childRunId: z.string(), workflowId: z.string(), callId: z.string().optional() }),
  }),
  /** An External Agent node handed its tools out and waits for Done (the token itself is never in an event). */
  z.object({
    type: z.literal("external.agent.waiting"),
    payload: z.object({ ...nodeRef, url: z.string(), expiresAt: z.string(), instructions: z.string() }),
  }),
  z.object({
    type: z.literal("external.agent.done"),
    payload: z.object({ ...nodeRef, text: z.string(), timedOut: z.boolean() }),
  }),
  /**
   * A node waits for a time, a person, a POST to its resume URL or an outside agent (lib/runs/node-waits.ts):
   * `until` is when it ends by itself; `detail` what the run view shows (a message, the value to approve).
   */
  z.object({
    type: z.literal("node.waiting"),
    payload: z.object({
      ...nodeRef,
      kind: WaitKind,
      until: z.string().optional(),
      detail: z.record(z.string(), z.unknown()),
    }),
  }),
  /** A node's wait ended: by the clock (its time, or its timeout), a person, its one-time link, or a webhook POST. */
  z.object({
    type: z.literal("node.wait.ended"),
    payload: z.object({
      ...nodeRef,
      kind: WaitKind,
      by: z.enum(["clock", "person", "link", "webhook"]),
      /** The person who ended it (their name), when a signed-in person did. */
      decidedBy: z.string().optional(),
      decision: z.enum(["approved", "rejected"]).optional(),
    }),
  }),
  /** The run suspended: nothing can go on until one of `nodeIds` stops waiting; no worker holds it meanwhile. */
  z.object({
    type: z.literal("run.waiting"),
    payload: z.object({ nodeIds: z.array(z.string()), until: z.string().optional() }),
  }),
  /** One item of a Loop done: its result or its error. A resumed loop starts after the items it finds here. */
  z.object({
    type: z.literal("loop.item"),
    payload: z.object({
      ...nodeRef,
      index: z.number(),
      ok: z.boolean(),
      result: z.unknown().optional(),
      error: z.string().optional(),
    }),
  }),
  z.object({
    type: z.literal("log"),
    payload: z.object({ level: z.enum(["info", "warn", "error"]), message: z.string(), nodeId: z.string().optional() }),
  }),
]);
export type RunEventInput = z.infer<typeof RunEventInput>;
export type RunEventType = RunEventInput["type"];

/** An event as stored and streamed: ordered by `seq` within its run. */
export type RunEvent = RunEventInput & { runId: string; seq: number; at: string };
