/**
 * What a model node's calls cost, seen by the engine as the node records them: each `agent.step` (one model call)
 * gets its `costUsd` by the price table, and `llm.usage` (the node's total) gets the node's; tokens and cost are
 * counted for the metrics, the run's spend grows (the run row's `costUsd` grows with the stored events,
 * record-event.ts), and a run past its workflow's cost budget is stopped. The nodes themselves know nothing of prices.
 */
import { modelNameOf } from "../agent/provider-table";
import { countMetric } from "../metrics/metrics";
import { costOf, priceFor, type ModelPrice } from "../settings/model-price-table";
import { formatUsd } from "../settings/format-usd";
import { modelPrices } from "../settings/model-prices";
import type { RunEventInput } from "./events";
import type { RunContext } from "./run-context";
import { RunStop } from "./run-stop";

export type ModelNodeParams = { provider: string; model?: string };

/** Whether a node's params are a model node's (Agent, LLM): they name a model provider. */
export const isModelNode = (params: unknown): params is ModelNodeParams =>
  typeof (params as ModelNodeParams | null)?.provider === "string";

type Ctx = Pick<RunContext, "workflowId" | "plan" | "spend" | "stop"> & Partial<Pick<RunContext, "trigger">>;

/** Counts one model call's tokens and cost, adds its cost to the run's spend, and stops the run past its budget. */
function spend(ctx: Ctx, labels: { provider: string; model: string }, usage: StepUsage, usd: number | undefined) {
  const base = { workflow_id: ctx.workflowId, ...labels };
  // An evaluation's runs are kept out of the production metrics.
  const metered = ctx.trigger?.kind !== "evaluation";
  if (metered) countMetric("modelTokens", { ...base, direction: "input" }, usage.inputTokens);
  if (metered) countMetric("modelTokens", { ...base, direction: "output" }, usage.outputTokens);
  if (usd === undefined) return;
  if (metered) countMetric("modelCost", base, usd);
  ctx.spend.usd += usd;
  const budget = ctx.plan.costBudgetUsd;
  if (budget !== undefined && ctx.spend.usd > budget)
    ctx.stop(
      new RunStop(
        "budget",
        `The run's model calls cost ${formatUsd(ctx.spend.usd)}, more than its budget of ${formatUsd(budget)}`,
      ),
    );
}

type StepUsage = { inputTokens: number; outputTokens: number };

/**
 * Loads the price table and returns what the node's events go through on their way to the log: model calls and the
 * node's total priced, everything else as it is.
 */
export async function pricedEvents(
  ctx: Ctx,
  params: ModelNodeParams,
): Promise<(event: RunEventInput) => RunEventInput> {
  const labels = { provider: params.provider, model: modelNameOf(params) };
  const price: ModelPrice | undefined = priceFor(await modelPrices(), labels.provider, labels.model);
  const costed = (usage: StepUsage) => (price ? { costUsd: costOf(price, usage) } : {});
  return (event) => {
    if (event.type === "agent.step" && event.payload.usage) {
      const priced = { ...event, payload: { ...event.payload, ...costed(event.payload.usage) } };
      spend(ctx, labels, event.payload.usage, priced.payload.costUsd);
      return priced;
    }
    if (event.type === "llm.usage") return { ...event, payload: { ...event.payload, ...costed(event.payload) } };
    return event;
  };
}
