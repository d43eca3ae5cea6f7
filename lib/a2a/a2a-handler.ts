/**
 * One A2A JSON-RPC request to a workflow's agent, answered by the SDK: its DefaultRequestHandler (with the run
 * executor, the Redis task store and one event-bus manager per process) behind its JSON-RPC transport handler —
 * v1.0 (`SendMessage`, `SendStreamingMessage`, `GetTask`, `CancelTask`) when the caller sends `A2A-Version: 1.0`, the
 * v0.3 compatibility layer (`message/send`, `message/stream`, `tasks/get`, `tasks/cancel`) otherwise, as the SDK's own
 * Express adapter decides. A streaming answer goes out as Server-Sent Events. Cancelling a task cancels its run
 * first, whichever web process follows it.
 */
import { A2A_VERSION_HEADER, formatSSEErrorEvent, formatSSEEvent, SSE_HEADERS, type AgentCard } from "@a2a-js/sdk";
import { A2A_LEGACY_PROTOCOL_VERSION } from "@a2a-js/sdk/compat/v0_3";
import { LegacyJsonRpcTransportHandler } from "@a2a-js/sdk/compat/v0_3/server";
import {
  DefaultExecutionEventBusManager,
  DefaultRequestHandler,
  JsonRpcTransportHandler,
  ServerCallContext,
  validateVersion,
} from "@a2a-js/sdk/server";
import { sharedRedis } from "../queue/redis";
import type { RunStarter } from "../runs/run-trigger";
import { cancelTaskRun, WorkflowRunExecutor } from "./run-executor";
import { RedisTaskStore } from "./task-store";

type CancelParams = Parameters<DefaultRequestHandler["cancelTask"]>[0];

/** The SDK's handler, but a cancel reaches the run even when the task's bus lives in another process. */
class WorkflowRequestHandler extends DefaultRequestHandler {
  constructor(
    card: AgentCard,
    private readonly store: RedisTaskStore,
    executor: WorkflowRunExecutor,
  ) {
    super(card, store, executor, busManager());
  }

  override async cancelTask(params: CancelParams, context: ServerCallContext) {
    const task = await this.store.load(params.id, context);
    if (task) await cancelTaskRun(task.metadata);
    return super.cancelTask(params, context);
  }
}

const holder = globalThis as unknown as { switchboardA2aBuses?: DefaultExecutionEventBusManager };
const busManager = () => (holder.switchboardA2aBuses ??= new DefaultExecutionEventBusManager());

export type A2aCall = { workflowId: string; card: AgentCard; body: unknown; headers: Headers; by: RunStarter };

type Envelope = { jsonrpc: "2.0"; id: unknown; error: { code: number; message: string } };

export async function answerA2aRequest({ workflowId, card, body, headers, by }: A2aCall): Promise<Response> {
  const legacy = (headers.get(A2A_VERSION_HEADER) || A2A_LEGACY_PROTOCOL_VERSION) === A2A_LEGACY_PROTOCOL_VERSION;
  const mapError = legacy
    ? LegacyJsonRpcTransportHandler.mapToLegacyJSONRPCError
    : JsonRpcTransportHandler.mapToJSONRPCError;
  const id = (body as { id?: unknown } | null)?.id ?? null;
  const envelope = (error: unknown): Envelope => ({ jsonrpc: "2.0", id, error: mapError(error) });
  const requestHandler = new WorkflowRequestHandler(
    card,
    new RedisTaskStore(sharedRedis(), workflowId),
    new WorkflowRunExecutor(workflowId, by),
  );
  const user = { isAuthenticated: true, userName: by.userId };
  const context = new ServerCallContext({ user, requestedVersion: headers.get(A2A_VERSION_HEADER) || undefined });
  try {
    validateVersion(context.requestedVersion, card, "JSONRPC");
    const transport = legacy
      ? new LegacyJsonRpcTransportHandler(requestHandler)
      : new JsonRpcTransportHandler(requestHandler);
    const answer = await transport.handle(body as Record<string, unknown>, context);
    if (!isStream(answer)) return Response.json(answer);
    return await streamAnswer(answer, envelope);
  } catch (error) {
    return Response.json(envelope(error));
  }
}

const isStream = (value: unknown): value is AsyncGenerator<unknown> =>
  typeof (value as AsyncGenerator<unknown> | null)?.[Symbol.asyncIterator] === "function";

/** The first event is awaited before answering, so an error before the stream starts is a plain JSON-RPC error. */
async function streamAnswer(stream: AsyncGenerator<unknown>, envelope: (error: unknown) => Envelope) {
  const first = await stream.next();
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        if (!first.done) controller.enqueue(encoder.encode(formatSSEEvent(first.value)));
        for await (const event of { [Symbol.asyncIterator]: () => stream })
          controller.enqueue(encoder.encode(formatSSEEvent(event)));
      } catch (error) {
        controller.enqueue(encoder.encode(formatSSEErrorEvent(envelope(error))));
      } finally {
        controller.close();
      }
    },
    async cancel() {
      await stream.return(undefined);
    },
  });
  return new Response(body, { headers: SSE_HEADERS });
}
