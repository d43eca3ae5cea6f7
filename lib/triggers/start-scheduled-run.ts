/** What a worker does when a schedule fires: start a run of the workflow as stored now, with the Schedule node's input, unless the node is gone or disabled meanwhile. */
import type { StartRunResult } from "../runs/start-run";
import { startRun } from "../runs/start-run";
import { getWorkflow } from "../workflow-store/repository";
import { SCHEDULE_NODE_TYPE, type ScheduledRunData } from "./schedules";

export async function startScheduledRun({ workflowId, nodeId }: ScheduledRunData): Promise<StartRunResult | { ok: false; reason: "not-armed"; message: string }> {
  const workflow = await getWorkflow(workflowId);
  const node = workflow?.graph.nodes.find((candidate) => candidate.id === nodeId && candidate.type === SCHEDULE_NODE_TYPE);
  const params = node?.data.params as { enabled?: boolean; input?: unknown } | undefined;
  if (!node || params?.enabled === false) return { ok: false, reason: "not-armed", message: `Schedule ${nodeId} of workflow ${workflowId} is gone or disabled` };
  return startRun(workflowId, params?.input, { kind: "schedule", nodeId });
}
