/**
 * The A2A SDK's AgentExecutor for a workflow: a message starts a run of its published version (trigger "a2a", refused
 * unless the version is exposed over A2A) and the run becomes the task — submitted, working while it runs (a status
 * per node that starts), a model's answer streamed into the "answer" artifact as it is written (appended chunks), then
 * the run's output replacing it as the last chunk and completed, or failed with the reason, or canceled. The task's
 * metadata names the run, so a cancel reaches it from any web process.
 */
import { TaskState, type Message, type Part } from "@a2a-js/sdk";
import { AgentEvent, type AgentExecutor, type ExecutionEventBus, type RequestContext } from "@a2a-js/sdk/server";
import { sharedRedis } from "../queue/redis";
import type { RunEvent } from "../runs/events";
import { loadPlan } from "../runs/load-plan";
import { cancelRun } from "../runs/run-cancellation";
import { followRunEvents } from "../runs/run-event-stream";
import type { RunStarter } from "../runs/run-trigger";
import { startRun, startRunProblem } from "../runs/start-run";
import { agentMessage, answerParts, runInputOf, textPart } from "./parts";

type Publish = (state: TaskState, text?: string) => void;
/** A piece of the "answer" artifact: appended to what came before, or (`append` false) all of it. */
type AnswerChunk = { parts: Part[]; append: boolean; lastChunk: boolean };

export class WorkflowRunExecutor implements AgentExecutor {
  private readonly following = new Map<string, AbortController>();

  constructor(
    private readonly workflowId: string,
    private readonly by: RunStarter,
  ) {}

  execute = async (context: RequestContext, bus: ExecutionEventBus): Promise<void> => {
    const { taskId, contextId, userMessage } = context;
    const status: Publish = (state, text) =>
      bus.publish(
        AgentEvent.statusUpdate({
          taskId,
          contextId,
          status: {
            state,
            message: text === undefined ? undefined : agentMessage(taskId, contextId, text),
            timestamp: new Date().toISOString(),
          },
          metadata: undefined,
        }),
      );
    const input = runInputOf(userMessage);
    const started = await startRun(this.workflowId, input, { kind: "a2a", by: this.by });
    bus.publish(AgentEvent.task(this.newTask(context, userMessage, started.ok ? started.runId : undefined)));
    if (!started.ok) {
      status(TaskState.TASK_STATE_REJECTED, startRunProblem(started));
      return bus.finished();
    }
    const abort = new AbortController();
    this.following.set(taskId, abort);
    try {
      await this.follow(started.runId, abort.signal, status, ({ parts, append, lastChunk }) =>
        bus.publish(
          AgentEvent.artifactUpdate({
            taskId,
            contextId,
            artifact: {
              artifactId: "answer",
              name: "answer",
              description: "The workflow's output",
              parts,
              metadata: undefined,
              extensions: [],
            },
            append,
            lastChunk,
            metadata: undefined,
          }),
        ),
      );
    } finally {
      this.following.delete(taskId);
      bus.finished();
    }
  };

  /** The run's end is the task's: cancelling the run makes the followed run end as cancelled. */
  cancelTask = async (taskId: string): Promise<void> => {
    void taskId; // the run was cancelled by the handler (a2a-handler.ts), from the task's metadata
  };

  private newTask(context: RequestContext, userMessage: Message, runId: string | undefined) {
    return {
      id: context.taskId,
      contextId: context.contextId,
      status: { state: TaskState.TASK_STATE_SUBMITTED, message: undefined, timestamp: new Date().toISOString() },
      artifacts: [],
      history: [userMessage],
      metadata: runId ? { switchboardRunId: runId, workflowId: this.workflowId } : { workflowId: this.workflowId },
    };
  }

  private async follow(runId: string, signal: AbortSignal, status: Publish, answer: (chunk: AnswerChunk) => void) {
    const plan = await loadPlan(runId);
    const label = (nodeId: string) => plan?.nodes[nodeId]?.label ?? nodeId;
    let streamed = false;
    await followRunEvents(runId, 0, signal, (event: RunEvent) => {
      if (event.type === "run.started") status(TaskState.TASK_STATE_WORKING);
      else if (event.type === "node.started" && event.payload.mode === "normal")
        status(TaskState.TASK_STATE_WORKING, `Running ${label(event.payload.nodeId)}`);
      else if (event.type === "agent.text") {
        answer({ parts: [textPart(event.payload.text)], append: streamed, lastChunk: false });
        streamed = true;
      } else if (event.type === "run.completed") {
        answer({ parts: answerParts(event.payload.output), append: false, lastChunk: true });
        status(TaskState.TASK_STATE_COMPLETED);
      } else if (event.type === "run.failed") status(TaskState.TASK_STATE_FAILED, event.payload.error);
      else if (event.type === "run.cancelled") status(TaskState.TASK_STATE_CANCELED, "The run was cancelled");
    });
  }
}

/** Cancels the run behind a task (its metadata names it); a run already over is left as it is. */
export async function cancelTaskRun(metadata: Record<string, unknown> | undefined): Promise<void> {
  const runId = metadata?.switchboardRunId;
  if (typeof runId === "string") await cancelRun(sharedRedis(), runId);
}
