/**
 * The metrics Switchboard keeps, in one list: the processes that count them (metrics.ts) and the scrape that reads
 * them back (exposition.ts) build them from the same definitions, so a name, its labels and its buckets cannot drift.
 * Labels stay few and bounded: workflow ids, statuses, component types, models — never run ids or tool arguments.
 */

export type CountedMetric = {
  kind: "counter" | "histogram";
  name: string;
  help: string;
  labelNames: readonly string[];
  /** A histogram's upper bounds, in its unit. */
  buckets?: number[];
};

const DURATION_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 900, 3600];
const WAIT_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

export const COUNTED_METRICS = {
  runsStarted: {
    kind: "counter",
    name: "switchboard_runs_started_total",
    help: "Runs started, by workflow and what started them (manual, api, webhook, schedule, chat, mcp, child).",
    labelNames: ["workflow_id", "trigger"],
  },
  runsFinished: {
    kind: "counter",
    name: "switchboard_runs_finished_total",
    help: "Runs that ended, by workflow and final status (completed, failed, cancelled).",
    labelNames: ["workflow_id", "status"],
  },
  runDuration: {
    kind: "histogram",
    name: "switchboard_run_duration_seconds",
    help: "From a run's start on a worker to its end (time suspended included), by workflow and final status.",
    labelNames: ["workflow_id", "status"],
    buckets: DURATION_BUCKETS,
  },
  nodeDuration: {
    kind: "histogram",
    name: "switchboard_node_duration_seconds",
    help: "One node's execution, by component type and how it ended (completed, failed, waiting).",
    labelNames: ["component", "status"],
    buckets: DURATION_BUCKETS,
  },
  queueWait: {
    kind: "histogram",
    name: "switchboard_queue_wait_seconds",
    help: "How long work waited in a queue before a worker took it: runs (queued to started) and tool calls.",
    labelNames: ["queue"],
    buckets: WAIT_BUCKETS,
  },
  gatewayCalls: {
    kind: "counter",
    name: "switchboard_gateway_calls_total",
    help: "Tool calls the MCP gateway answered, by outcome (completed, error, blocked, denied, failed).",
    labelNames: ["outcome"],
  },
  modelTokens: {
    kind: "counter",
    name: "switchboard_model_tokens_total",
    help: "Tokens of model calls, by workflow, provider, model and direction (input, output).",
    labelNames: ["workflow_id", "provider", "model", "direction"],
  },
  modelCost: {
    kind: "counter",
    name: "switchboard_model_cost_usd_total",
    help: "What model calls cost by the price table (US dollars), by workflow, provider and model.",
    labelNames: ["workflow_id", "provider", "model"],
  },
} as const satisfies Record<string, CountedMetric>;

export type CountedMetricKey = keyof typeof COUNTED_METRICS;
export type LabelsOf<K extends CountedMetricKey> = Record<(typeof COUNTED_METRICS)[K]["labelNames"][number], string>;
