/**
 * A call to a Webhook trigger: find the trigger, check the caller (the trigger's secret in
 * X-Webhook-Secret, compared in constant time, or an API key / session of an editor), take the
 * JSON body as the run's input and start the run; answer at once with the run id, or when the run
 * ends with its output (up to the trigger's wait). Every refusal names what is wrong.
 */
import { timingSafeEqual } from "node:crypto";
import { AccessError, requireRole } from "../auth/principal";
import { mayUseWorkflow, outsideScopeMessage } from "../auth/workflow-scope";
import { ApiError } from "../http/api-error";
import { webhookTrigger } from "../nodes/webhook-trigger";
import { startRun } from "../runs/start-run";
import { waitForRunEnd } from "../runs/wait-for-run-end";
import { isSecretRef } from "../secrets/reference";
import { MissingSecretError, resolveSecrets } from "../secrets/resolve";
import { getWorkflow } from "../workflow-store/repository";

export const WEBHOOK_SECRET_HEADER = "x-webhook-secret";

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

async function checkCaller(headers: Headers, secret: unknown, label: string, workflow: { id: string; name: string }): Promise<void> {
  const given = headers.get(WEBHOOK_SECRET_HEADER);
  if (given !== null) {
    if (!isSecretRef(secret)) throw new ApiError("unauthorized", `The webhook "${label}" has no secret set: call it with an API key instead`);
    const value = await resolveSecrets(secret).then(
      (resolved) => resolved.value as unknown as string,
      (error: unknown) => {
        if (error instanceof MissingSecretError) throw new ApiError("conflict", `The secret of "${label}" (${secret.$secret}) does not exist: an admin can add it in Secrets`);
        throw error;
      },
    );
    if (!sameSecret(given, value)) throw new ApiError("unauthorized", `The ${WEBHOOK_SECRET_HEADER} header does not match the secret of "${label}"`);
    return;
  }
  if (!headers.get("authorization") && !headers.get("x-api-key") && !headers.get("cookie")) {
    throw new ApiError("unauthorized", `Send the secret of "${label}" in the ${WEBHOOK_SECRET_HEADER} header, or an API key`);
  }
  const caller = await requireRole(headers, "editor");
  if (!mayUseWorkflow(caller, workflow.id)) throw new AccessError("forbidden", outsideScopeMessage(workflow));
}

export async function handleWebhook(headers: Headers, workflowId: string, nodeId: string, readBody: () => Promise<unknown>): Promise<Response> {
  const workflow = await getWorkflow(workflowId);
  const node = workflow?.graph.nodes.find((candidate) => candidate.id === nodeId && candidate.type === webhookTrigger.id);
  if (!workflow || !node) throw new ApiError("not-found", `Workflow ${workflowId} has no webhook trigger "${nodeId}"`);
  const label = node.data.label || webhookTrigger.label;
  const params = webhookTrigger.params.safeParse({ ...webhookTrigger.defaults, ...node.data.params });
  if (!params.success) throw new ApiError("conflict", `The webhook "${label}" is misconfigured: ${params.error.issues[0].path.join(".")}: ${params.error.issues[0].message}`);
  await checkCaller(headers, params.data.secret, label, workflow);
  if (!params.data.enabled) throw new ApiError("conflict", `The webhook "${label}" is disabled`);

  const started = await startRun(workflowId, await readBody(), { kind: "webhook", nodeId });
  if (!started.ok) {
    throw started.reason === "not-found" ? new ApiError("not-found", started.message) : new ApiError("invalid-workflow", started.message, started.errors);
  }
  const statusUrl = `/api/runs/${started.runId}`;
  if (params.data.respond === "immediately") return Response.json({ runId: started.runId, status: "queued", statusUrl }, { status: 202 });
  const run = await waitForRunEnd(started.runId, params.data.waitSeconds * 1000);
  if (!run || run.status === "queued" || run.status === "running") {
    return Response.json({ runId: started.runId, status: run?.status ?? "queued", statusUrl, note: `Still running after ${params.data.waitSeconds} s` }, { status: 202 });
  }
  return Response.json({ runId: started.runId, status: run.status, output: run.output, error: run.error ?? undefined });
}
