/**
 * What started a run, and so which trigger nodes fire in it. A webhook or a schedule fires its own
 * node only; a person (Run), the API, a parent workflow (Workflow Tool) or an MCP client fires the
 * Entry nodes, or — in a workflow without an Entry — every trigger, so a webhook-only workflow can
 * still be tried from the editor. Trigger nodes
 * that do not fire are skipped, and with them what hangs off them (skip-rule.ts). Pure.
 */
import { displayName } from "../auth/display-name";
import { z } from "zod";
import type { CompiledWorkflow } from "../workflow/compile";
import { TEST_RUN_MODES } from "../workflow/partial-plan";

/**
 * `error`: started by another workflow's failed run (its `settings.errorWorkflowId`, error-workflow.ts). `ag-ui`: an
 * AG-UI front-end (lib/ag-ui); `a2a`: another agent over A2A (lib/a2a).
 * `public-chat`: a visitor of the workflow's public chat page or widget (lib/public-chat), answered by the published
 * version.
 * `evaluation`: one row of an evaluation (lib/evaluations), shown in the history but kept out of production figures.
 */
export const TRIGGER_KINDS = [
  "manual",
  "api",
  "webhook",
  "schedule",
  "workflow",
  "mcp",
  "chat",
  "error",
  "ag-ui",
  "a2a",
  "evaluation",
  "public-chat",
] as const;
/**
 * `conversationId`: a chat message's run (kind "chat" or "public-chat"), whose model nodes with memory read the
 * conversation's earlier turns.
 */
/** Who started a run, when a person or a key did (the editor, the API, the chat, an MCP client, a webhook by key). */
export const RunStarter = z.object({ userId: z.string(), name: z.string(), via: z.enum(["session", "api-key"]) });
export type RunStarter = z.infer<typeof RunStarter>;

/** The starter a signed-in person or an API key's owner is. */
export const startedBy = (principal: { userId: string; name: string; email: string; via: RunStarter["via"] }) =>
  ({ userId: principal.userId, name: displayName(principal), via: principal.via }) satisfies RunStarter;

export const RunTrigger = z.object({
  kind: z.enum(TRIGGER_KINDS),
  nodeId: z.string().optional(),
  conversationId: z.string().optional(),
  by: RunStarter.optional(),
  /**
   * The person whose access the run's Workflow Tools and error workflow are judged by, when it is not `by`: a child
   * run acts for whoever its parent acted for (lib/runs/run-actor.ts).
   */
  actingFor: z.string().optional(),
  /** The evaluation a run of kind "evaluation" belongs to. */
  evaluationId: z.string().optional(),
  /** A test run from the editor: what was asked and the nodes it ran (lib/runs/partial-run.ts). Only these use pins. */
  test: z
    .object({
      mode: z.enum(TEST_RUN_MODES),
      nodeId: z.string().optional(),
      ranNodeIds: z.array(z.string()),
      pinnedNodeIds: z.array(z.string()),
    })
    .optional(),
});
export type RunTrigger = z.infer<typeof RunTrigger>;

/**
 * Which of a workflow's graphs a run runs: the draft being edited, the published version live triggers run, or one
 * published version by its number (an evaluation of an older version).
 */
export type RunSource = "draft" | "published" | { version: number };

/**
 * A person trying the workflow in the editor (Run, its chat) runs the draft; everything live — webhooks, schedules,
 * the public chat, the API, a parent workflow, an MCP client, an error workflow — runs the published version.
 */
export const runSourceOf = (trigger: RunTrigger): RunSource =>
  trigger.kind === "manual" || trigger.kind === "chat" ? "draft" : "published";

/** What kind of trigger a component is, if it is one (its catalogue `trigger`). */
export type TriggerKindOf = (type: string) => "manual" | "webhook" | "schedule" | undefined;

/** The trigger nodes that fire for this run; every other trigger node is skipped. */
export function firedTriggers(
  plan: CompiledWorkflow,
  trigger: RunTrigger | null | undefined,
  kindOf: TriggerKindOf,
): Set<string> {
  // A disabled trigger never fires.
  const triggers = plan.order.filter(
    (id) => kindOf(plan.nodes[id].type) !== undefined && plan.nodes[id].params.enabled !== false,
  );
  if (trigger?.nodeId) return new Set(triggers.filter((id) => id === trigger.nodeId));
  const manual = triggers.filter((id) => kindOf(plan.nodes[id].type) === "manual");
  return new Set(manual.length > 0 ? manual : triggers);
}

/**
 * Started by someone or something asking with an input (not a webhook body, a schedule or a failure report): the
 * Entry's input fields apply.
 */
export const asksWithInput = (trigger: RunTrigger) =>
  trigger.kind !== "webhook" && trigger.kind !== "schedule" && trigger.kind !== "error";

const STARTED_BY: Partial<Record<RunTrigger["kind"], string>> = {
  workflow: "by another workflow",
  mcp: "over MCP",
  "ag-ui": "from an AG-UI front-end",
  a2a: "by an A2A agent",
  chat: "from a chat",
  "public-chat": "from the public chat",
  error: "by another workflow's failure",
  evaluation: "by an evaluation",
};

/** Why a trigger node that did not fire is skipped. */
export function notFiredReason(trigger: RunTrigger | null | undefined): string {
  if (!trigger || asksWithInput(trigger))
    return (
      `the run was started ${STARTED_BY[trigger?.kind ?? "manual"] ?? "by hand or through the API"}, not by ` +
      `this trigger`
    );
  return `the run was started by another trigger (${trigger.kind})`;
}
