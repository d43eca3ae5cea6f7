/** The worker that indexes knowledge-base documents (the `knowledge` queue), a couple at a time: embedding is I/O. */
import { Worker } from "bullmq";
import { queueOptions } from "../queue/queues";
import { indexDocument } from "./index-document";
import { KNOWLEDGE_QUEUE, type KnowledgeJobData } from "./knowledge-queue";

export function startKnowledgeWorker(): Worker<KnowledgeJobData> {
  return new Worker<KnowledgeJobData>(KNOWLEDGE_QUEUE, (job) => indexDocument(job.data.documentId), {
    ...queueOptions(KNOWLEDGE_QUEUE),
    concurrency: 2,
  });
}
