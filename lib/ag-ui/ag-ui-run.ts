/**
 * A workflow driven by an AG-UI front-end: the AG-UI HTTP protocol's RunAgentInput in, a run of the workflow's
 * published version (trigger "ag-ui", like every outside caller) started on the conversation's last user message,
 * and the run's events out as AG-UI events (run-to-ag-ui.ts) in the encoding the client accepts (Server-Sent Events,
 * or AG-UI's protobuf framing). A client that goes away before the run's end (a Stop button) cancels the run. An AG-UI
 * thread is a conversation of the workflow (one per caller and threadId), so a model node with memory remembers it.
 */
import { contentToText, type RunAgentInput } from "@ag-ui/core";
import { RunAgentInputSchema } from "@ag-ui/core/schemas";
import { AGUI_MEDIA_TYPE, EventEncoder } from "@ag-ui/encoder";
import { sendKeyedMessage } from "../chat/conversations";
import { getDb } from "../db/client";
import { sharedRedis } from "../queue/redis";
import { loadPlan } from "../runs/load-plan";
import { cancelRun } from "../runs/run-cancellation";
import { followRunEvents } from "../runs/run-event-stream";
import { startRun } from "../runs/start-run";
import type { RunStarter } from "../runs/run-trigger";
import { describeIssues } from "../validation/describe-issues";
import { RunToAgUi } from "./run-to-ag-ui";

const HEARTBEAT_MS = 15_000;

export type AgUiRequest = { ok: true; input: RunAgentInput; runInput: unknown } | { ok: false; message: string };

/**
 * The request checked against AG-UI's own schema; the run's input is `forwardedProps.input` when the client sends one
 * (a workflow whose Entry asks for fields), else the text of the last user message.
 */
export function readAgUiRequest(body: unknown): AgUiRequest {
  const parsed = RunAgentInputSchema.safeParse(body);
  if (!parsed.success) return { ok: false, message: describeIssues(parsed.error, "body") };
  const input = parsed.data as RunAgentInput;
  const forwarded = (input.forwardedProps as { input?: unknown } | undefined)?.input;
  if (forwarded !== undefined) return { ok: true, input, runInput: forwarded };
  const lastUser = input.messages.findLast((message) => message.role === "user");
  const text = lastUser ? contentToText(lastUser.content).trim() : "";
  if (text === "") return { ok: false, message: "messages: needs a user message with text (or forwardedProps.input)" };
  return { ok: true, input, runInput: text };
}

/**
 * A text message is a turn of the thread's conversation (memory); an object input (`forwardedProps.input`, for an Entry
 * with fields) is a run of its own, as a form's submission is.
 */
export async function startAgUiRun(workflowId: string, request: Extract<AgUiRequest, { ok: true }>, by: RunStarter) {
  const asRun = () => startRun(workflowId, request.runInput, { kind: "ag-ui", by });
  if (typeof request.runInput !== "string") return asRun();
  // A workflow that does not exist has no conversations: the start says so (404).
  if ((await getDb().workflow.count({ where: { id: workflowId } })) === 0) return asRun();
  // Keyed by the caller and the thread, so nobody else's threadId reaches it.
  return sendKeyedMessage(workflowId, `ag-ui:${by.userId}:${request.input.threadId}`, request.runInput, by, "ag-ui");
}

export type AgUiStreamOptions = {
  /** The request's Accept header: AG-UI's protobuf media type gets protobuf frames, anything else SSE. */
  accept: string | null;
  signal: AbortSignal;
  /** Called once when the stream ends, however it ends (the per-user stream quota). */
  release: () => void;
};

/** The run's events as AG-UI events, from RUN_STARTED to RUN_FINISHED or RUN_ERROR. */
export function agUiRunStream(
  input: RunAgentInput,
  switchboardRunId: string,
  { accept, signal, release }: AgUiStreamOptions,
): { contentType: string; body: ReadableStream<Uint8Array> } {
  // Protobuf only when asked for by name: `*/*` (curl, fetch) would match it too, and SSE is what everyone reads.
  const encoder = new EventEncoder({
    accept: accept?.includes(AGUI_MEDIA_TYPE) ? AGUI_MEDIA_TYPE : "text/event-stream",
  });
  const contentType = encoder.getContentType();
  const abort = new AbortController();
  signal.addEventListener("abort", () => abort.abort());
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const heartbeat =
        contentType === "text/event-stream"
          ? setInterval(() => controller.enqueue(new TextEncoder().encode(": keep-alive\n\n")), HEARTBEAT_MS)
          : undefined;
      try {
        const plan = await loadPlan(switchboardRunId);
        const mapper = new RunToAgUi({ threadId: input.threadId, runId: input.runId, switchboardRunId }, (nodeId) =>
          plan?.nodes[nodeId] ? plan.nodes[nodeId].label : nodeId,
        );
        const send = (events: ReturnType<RunToAgUi["start"]>) =>
          events.forEach((event) => controller.enqueue(encoder.encodeBinary(event)));
        send(mapper.start());
        await followRunEvents(switchboardRunId, 0, abort.signal, (event) => send(mapper.map(event)));
      } catch (error) {
        if (!abort.signal.aborted) console.error(`AG-UI events of run ${switchboardRunId}:`, error);
      } finally {
        // A front-end that stops listening (its Stop button aborts the request) stops the run: nobody can pick it up.
        if (abort.signal.aborted) await cancelRun(sharedRedis(), switchboardRunId).catch(() => undefined);
        clearInterval(heartbeat);
        release();
        try {
          controller.close();
        } catch {
          // already closed by the client going away
        }
      }
    },
    cancel() {
      abort.abort();
      release();
    },
  });
  return { contentType, body };
}
