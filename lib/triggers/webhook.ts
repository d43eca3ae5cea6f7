/**
 * A call to a Webhook trigger: find the trigger, check the caller (the trigger's secret in
 * X-Webhook-Secret, compared in constant time, or an API key / session of an editor), take the
 * JSON body as the run's input and start the run; answer at once with the run id, or when the run
 * ends with its output (up to the trigger's wait). A caller without valid credentials gets one
 * answer whatever the path names; past that, every refusal names what is wrong.
 */
import { timingSafeEqual } from "node:crypto";
import { AccessError, requireRole } from "../auth/principal";
import { checkWorkflowAccess } from "../auth/workflow-access";
import { outsideScopeMessage } from "../auth/workflow-scope";
import { ApiError } from "../http/api-error";
import { startRunError } from "../http/start-run-error";
import { webhookTrigger } from "../nodes/webhook-trigger";
import { startedBy, type RunStarter } from "../runs/run-trigger";
import { startRun } from "../runs/start-run";
import { waitForRunEnd } from "../runs/wait-for-run-end";
import { isSecretRef } from "../secrets/secret-ref";
import { MissingSecretError, resolveSecrets } from "../secrets/resolve";
import type { WorkflowNode } from "../workflow/graph";
import { getPublishedWorkflow, type PublishedWorkflow } from "../workflow-store/versions";

export const WEBHOOK_SECRET_HEADER = "x-webhook-secret";

/** What every caller without valid credentials is told, whether or not the workflow or its trigger exists. */
export const WEBHOOK_UNAUTHORIZED =
  `Send the webhook's secret in the ${WEBHOOK_SECRET_HEADER} header, ` + "or an editor's API key";

/** A webhook of the published version: a draft's webhooks are not live. */
type Trigger = { workflow: PublishedWorkflow; node: WorkflowNode };
/** The trigger a caller may call, and who they are when they came with a key or a session (not the secret). */
type CheckedCaller = Trigger & { by?: RunStarter };

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

async function findTrigger(workflowId: string, nodeId: string): Promise<Trigger | null> {
  const workflow = await getPublishedWorkflow(workflowId);
  const node = workflow?.graph.nodes.find(
    (candidate) => candidate.id === nodeId && candidate.type === webhookTrigger.id,
  );
  return workflow && node ? { workflow, node } : null;
}

/**
 * The trigger's secret value; null when it has none that could match (no secret set, a broken setting, a secret not
 * stored).
 */
async function triggerSecret({ workflow, node }: Trigger): Promise<string | null> {
  const params = webhookTrigger.params.safeParse({ ...webhookTrigger.defaults, ...node.data.params });
  if (!params.success || !isSecretRef(params.data.secret)) return null;
  const name = params.data.secret.$secret;
  try {
    return (await resolveSecrets(params.data.secret)).value as unknown as string;
  } catch (error) {
    if (!(error instanceof MissingSecretError)) throw error;
    console.warn(
      `[webhook] ${workflow.id}/${node.id} refers to the secret ${name}, which does not exist: an admin can add it ` +
        `in Secrets`,
    );
    return null;
  }
}

/**
 * Who may call: the holder of the trigger's secret, or an editor (API key or session) allowed this
 * workflow. Until one of those holds, every refusal is the same 401, so an outsider cannot tell a
 * workflow or trigger that exists from one that does not, nor learn its label or settings.
 */
async function checkCaller(
  headers: Headers,
  trigger: Trigger | null,
  workflowId: string,
  nodeId: string,
): Promise<CheckedCaller> {
  const given = headers.get(WEBHOOK_SECRET_HEADER);
  if (given !== null) {
    const expected = trigger ? await triggerSecret(trigger) : null;
    if (!trigger || expected === null || !sameSecret(given, expected))
      throw new ApiError("unauthorized", WEBHOOK_UNAUTHORIZED);
    return trigger;
  }
  if (!headers.get("authorization") && !headers.get("x-api-key") && !headers.get("cookie"))
    throw new ApiError("unauthorized", WEBHOOK_UNAUTHORIZED);
  const caller = await requireRole(headers, "editor");
  const noTrigger = new ApiError(
    "not-found",
    `Workflow ${workflowId} has no webhook trigger "${nodeId}" in its published version ` +
      `(a draft's webhooks are not live: publish it)`,
  );
  if (!trigger) throw noTrigger;
  const checked = await checkWorkflowAccess(caller, trigger.workflow.id, "edit");
  if (!checked.ok && checked.reason === "not-found") throw noTrigger;
  if (!checked.ok)
    throw new AccessError(
      "forbidden",
      checked.reason === "outside-limit" ? outsideScopeMessage(trigger.workflow) : checked.message,
    );
  return { ...trigger, by: startedBy(caller) };
}

export async function handleWebhook(
  headers: Headers,
  workflowId: string,
  nodeId: string,
  readBody: () => Promise<unknown>,
): Promise<Response> {
  const { node, by } = await checkCaller(headers, await findTrigger(workflowId, nodeId), workflowId, nodeId);
  const label = node.data.label || webhookTrigger.label;
  const params = webhookTrigger.params.safeParse({ ...webhookTrigger.defaults, ...node.data.params });
  if (!params.success)
    throw new ApiError(
      "conflict",
      `The webhook "${label}" is misconfigured: ${params.error.issues[0].path.join(".")}: ` +
        `${params.error.issues[0].message}`,
    );
  if (!params.data.enabled) throw new ApiError("conflict", `The webhook "${label}" is disabled`);

  const started = await startRun(workflowId, await readBody(), { kind: "webhook", nodeId, by });
  if (!started.ok) throw startRunError(started);
  const statusUrl = `/api/runs/${started.runId}`;
  if (params.data.respond === "immediately")
    return Response.json({ runId: started.runId, status: "queued", statusUrl }, { status: 202 });
  const run = await waitForRunEnd(started.runId, params.data.waitSeconds * 1000);
  if (!run || run.status === "queued" || run.status === "running" || run.status === "waiting") {
    return Response.json(
      {
        runId: started.runId,
        status: run?.status ?? "queued",
        statusUrl,
        note: `Still running after ${params.data.waitSeconds} s`,
      },
      { status: 202 },
    );
  }
  return Response.json({ runId: started.runId, status: run.status, output: run.output, error: run.error ?? undefined });
}
