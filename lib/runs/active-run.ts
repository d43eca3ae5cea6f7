/** The run of a workflow that is still going (queued or running), if any: the editor follows it live. */
import "server-only";
import { getDb } from "../db/client";

export async function findActiveRunId(workflowId: string): Promise<string | null> {
  const run = await getDb().run.findFirst({
    where: { workflowId, status: { in: ["queued", "running", "waiting"] } },
    orderBy: { createdAt: "desc" },
    select: { id: true },
  });
  return run?.id ?? null;
}
