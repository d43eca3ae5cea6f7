/**
 * The `evaluations` queue: one job per evaluation run (its id is the evaluation's), served by the workers
 * (lib/runs/start-workers.ts). An evaluation outlives any one request; a worker that dies mid-way has its job
 * redelivered, and the evaluation goes on from its stored rows (run-evaluation.ts).
 */
import { Queue } from "bullmq";
import { queueOptions } from "../queue/queues";

export const EVALUATIONS_QUEUE = "evaluations";
export type EvaluationJobData = { evaluationId: string };

const holder = globalThis as unknown as { switchboardEvaluationsQueue?: Queue<EvaluationJobData> };

export function evaluationsQueue(): Queue<EvaluationJobData> {
  holder.switchboardEvaluationsQueue ??= new Queue<EvaluationJobData>(EVALUATIONS_QUEUE, {
    ...queueOptions(EVALUATIONS_QUEUE),
    // A job that threw has marked its evaluation failed; only a stalled one (its worker died) is delivered again.
    defaultJobOptions: {
      attempts: 1,
      removeOnComplete: 100,
      removeOnFail: 100,
    },
  });
  return holder.switchboardEvaluationsQueue;
}

export async function addEvaluationJob(evaluationId: string): Promise<void> {
  await evaluationsQueue().add("evaluation", { evaluationId }, { jobId: evaluationId });
}
