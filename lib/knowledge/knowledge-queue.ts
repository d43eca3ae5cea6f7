/**
 * The `knowledge` queue: one job per document to index (its id is the document's and the attempt's), served by the
 * workers (lib/runs/start-workers.ts). Indexing outlives the request that asked for it; the document's row says how
 * far it has got, so the Knowledge page shows progress and a re-index is a run of its own.
 */
import { Queue } from "bullmq";
import { queueOptions } from "../queue/queues";

export const KNOWLEDGE_QUEUE = "knowledge";
export type KnowledgeJobData = { documentId: string };

const holder = globalThis as unknown as { switchboardKnowledgeQueue?: Queue<KnowledgeJobData> };

export function knowledgeQueue(): Queue<KnowledgeJobData> {
  holder.switchboardKnowledgeQueue ??= new Queue<KnowledgeJobData>(KNOWLEDGE_QUEUE, {
    ...queueOptions(KNOWLEDGE_QUEUE),
    // A failed job has marked its document failed; a stalled one (its worker died) is delivered again and starts over.
    defaultJobOptions: { attempts: 1, removeOnComplete: 200, removeOnFail: 200 },
  });
  return holder.switchboardKnowledgeQueue;
}

export async function addIndexJobs(documentIds: string[]): Promise<void> {
  if (documentIds.length === 0) return;
  await knowledgeQueue().addBulk(documentIds.map((documentId) => ({ name: "index", data: { documentId } })));
}
