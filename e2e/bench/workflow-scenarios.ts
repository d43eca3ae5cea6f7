/**
 * Bench scenarios shaped like real workflows: an agent run (scripted model, 3 tool calls through
 * the gateway), a 10-node workflow with parallel branches, the n8n-style webhook → Transform →
 * answer, and a worker's memory over many runs.
 * Each returns table rows and named figures for bench-results.json.
 */
import type { ApiClient } from "../../lib/testing/api-client";
import { readFileSync } from "node:fs";
import { getHeapStatistics } from "node:v8";
import { startCountingServer } from "../../lib/testing/counting-server";
import { graphEdge, graphNode } from "../../lib/testing/fixtures";
import type { WorkflowGraph } from "../../lib/workflow/graph";
import { ms, percentile, sequentialRow, timeEach, type BenchRow } from "./measure";
import { driveRuns } from "./run-completion";

export type Scenario = { rows: BenchRow[]; figures: Record<string, number> };

export async function createWorkflow(
  api: ApiClient,
  name: string,
  graph: Pick<WorkflowGraph, "nodes" | "edges">,
): Promise<((input?: unknown) => Promise<string>) & { workflowId: string }> {
  const response = await api.fetch("/api/workflows", {
    method: "POST",
    body: JSON.stringify({ name, publish: true, ...graph }),
  });
  if (!response.ok) throw new Error(`bench: could not create "${name}": ${await response.text()}`);
  const { id } = (await response.json()) as { id: string };
  const start = async (input: unknown = "bench") => {
    const started = await api.fetch(`/api/workflows/${id}/runs`, { method: "POST", body: JSON.stringify({ input }) });
    if (!started.ok) throw new Error(`bench: could not start "${name}": ${await started.text()}`);
    return ((await started.json()) as { runId: string }).runId;
  };
  return Object.assign(start, { workflowId: id });
}

const scripted = (finalText: string, toolCalls: { tool: string; args: Record<string, unknown> }[] = []) => ({
  provider: "scripted",
  script: { toolCalls, finalText },
});

/** Entry → Agent whose scripted model calls an HTTP Request tool three times; sequential runs, POST → completed. */
export async function benchAgentRun(
  api: ApiClient,
  runs = Number(process.env.BENCH_AGENT_RUNS ?? 40),
): Promise<Scenario> {
  const target = await startCountingServer();
  try {
    const call = (n: number) => ({ tool: "http_request", args: { url: `${target.url}/fast?n=${n}` } });
    const start = await createWorkflow(api, "bench agent", {
      nodes: [
        graphNode("entry", "core.entry"),
        graphNode("agent", "core.agent", {
          params: { ...scripted("done: {{results.last}}", [call(1), call(2), call(3)]), prompt: "{{input}}" },
        }),
        graphNode("http", "core.http.request", { label: "HTTP Request", mode: "tool" }),
      ],
      edges: [graphEdge("entry", "output", "agent", "input"), graphEdge("http", "tool", "agent", "tools")],
    });
    await driveRuns(5, 1, start); // warm-up
    const { latencies } = await driveRuns(runs, 1, start);
    if (target.hits("GET /fast?3") < runs) throw new Error("bench: the agent's tool calls did not reach the target");
    return {
      rows: [
        {
          scenario: `agent run, scripted model, 3 tool calls (${runs} sequential, POST → completed)`,
          "per second": ms(1000 / (latencies.reduce((a, b) => a + b) / runs)),
          "p50 ms": ms(percentile(latencies, 50)),
          "p95 ms": ms(percentile(latencies, 95)),
        },
      ],
      figures: { agent_run_p50_ms: ms(percentile(latencies, 50)) },
    };
  } finally {
    await target.close();
  }
}

/** Entry → three chains of three scripted steps, running side by side: 10 nodes, concurrency 32. */
export async function benchParallelBranches(
  api: ApiClient,
  runs = Number(process.env.BENCH_BRANCH_RUNS ?? 300),
): Promise<Scenario> {
  const nodes = [graphNode("entry", "core.entry")];
  const edges = [];
  for (const branch of ["a", "b", "c"]) {
    for (let step = 1; step <= 3; step++) {
      const id = `${branch}${step}`;
      nodes.push(graphNode(id, "core.llm", { params: { ...scripted(`${id} {{input}}`), prompt: "{{input}}" } }));
      edges.push(graphEdge(step === 1 ? "entry" : `${branch}${step - 1}`, step === 1 ? "output" : "text", id, "input"));
    }
  }
  const start = await createWorkflow(api, "bench branches", { nodes, edges });
  await driveRuns(20, 32, start);
  const result = await driveRuns(runs, 32, start);
  return {
    rows: [
      {
        scenario: `10 nodes, 3 parallel branches (${runs} ×32)`,
        "per second": ms(result.perSecond),
        "p50 ms": ms(percentile(result.latencies, 50)),
        "p95 ms": ms(percentile(result.latencies, 95)),
      },
    ],
    figures: { branches_10_nodes_runs_per_s_c32: ms(result.perSecond) },
  };
}

/**
 * The n8n-style round trip: an HTTP request in (a webhook that answers when the run ends), one
 * Transform (JSONata), the output in the response. Sequential latency and throughput at concurrency 32,
 * each request checked for the right answer. (n8n 1.122 on this machine, same load: 38–60 executions/s.)
 */
export async function benchWebhookTransform(
  api: ApiClient,
  runs = Number(process.env.BENCH_WEBHOOK_RUNS ?? 500),
): Promise<Scenario> {
  const response = await api.fetch("/api/workflows", {
    method: "POST",
    body: JSON.stringify({
      name: "bench webhook",
      publish: true,
      nodes: [
        graphNode("hook", "trigger.webhook", { label: "Orders", params: { respond: "when-done", waitSeconds: 30 } }),
        graphNode("sum", "core.transform", {
          label: "Sum",
          params: { mode: "jsonata", expression: '{ "total": $sum(items.price) }' },
        }),
      ],
      edges: [graphEdge("hook", "output", "sum", "input")],
    }),
  });
  if (!response.ok) throw new Error(`bench: could not create the webhook workflow: ${await response.text()}`);
  const { id } = (await response.json()) as { id: string };
  const order = { items: [{ price: 2 }, { price: 3 }] };
  const call = async () => {
    const answer = await api.fetch(`/api/hooks/${id}/hook`, { method: "POST", body: JSON.stringify(order) });
    const body = (await answer.json()) as { status?: string; output?: unknown };
    if (answer.status !== 200 || JSON.stringify(body.output) !== JSON.stringify({ result: { total: 5 } }))
      throw new Error(`bench: the webhook answered ${answer.status} ${JSON.stringify(body)}`);
  };
  const concurrently = async (count: number) => {
    let next = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        while (next < count) {
          next++;
          await call();
        }
      }),
    );
    return count / ((performance.now() - started) / 1000);
  };
  await concurrently(100); // warm-up
  const latencies = await timeEach(50, call);
  const perSecond = await concurrently(runs);
  return {
    rows: [
      sequentialRow("webhook → Transform → answer with the output (50 sequential)", latencies),
      {
        scenario: `webhook → Transform → answer with the output (${runs} ×32)`,
        "per second": ms(perSecond),
        "p50 ms": "",
        "p95 ms": "",
      },
    ],
    figures: { webhook_transform_p50_ms: ms(percentile(latencies, 50)), webhook_transform_per_s_c32: ms(perSecond) },
  };
}

/** A worker process to watch instead of this one: its pid, and a name for the table. */
export type WatchedWorker = { pid: number; label: string };

/** A process's resident set from /proc, in bytes. */
function residentBytes(pid: number): number {
  const kib = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  if (!kib) throw new Error(`bench: no VmRSS for process ${pid}`);
  return Number(kib) * 1024;
}

/**
 * Memory of the process running the worker over many simple runs, after a warm-up of 6,000: a fresh
 * process's RSS climbs for its first few thousand runs while V8 sizes its heap to the allocation
 * rate (measured: 320 → 470 MiB, with 70 MiB live and ~330 MiB held by V8), then levels off; the
 * figure is about what comes after. RSS is sampled every 200 ms: the figure is the median while
 * the second half of the runs ran against the median while the first half did, so the collector's
 * sawtooth (±30 % between two single readings) and V8's slower swings (a trough every few thousand
 * runs: the median of the first or last 1,000 alone measured −24 % and +17 % with the heap flat)
 * do not read as growth, and a leak — a rising median — does; the medians of every 1,000 are printed. For this process
 * the JS heap after a full collection is reported too (the bench runs with --expose-gc), from before the warm-up's runs
 * to the end (a forced collection shrinks RSS, so it comes first). With `worker`, the RSS is that
 * process's (npm start's own worker, which runs nothing but runs).
 */
export async function benchWorkerMemory(
  api: ApiClient,
  {
    runs = Number(process.env.BENCH_RSS_RUNS ?? 10_000),
    warmUpRuns = Number(process.env.BENCH_RSS_WARM_UP_RUNS ?? 5_000),
    worker,
  }: { runs?: number; warmUpRuns?: number; worker?: WatchedWorker } = {},
): Promise<Scenario> {
  const start = await createWorkflow(api, "bench memory", {
    nodes: [
      graphNode("entry", "core.entry"),
      graphNode("step", "core.llm", { params: { ...scripted("ok {{input}}"), prompt: "{{input}}" } }),
    ],
    edges: [graphEdge("entry", "output", "step", "input")],
  });
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!worker && !collect)
    throw new Error("bench: the memory scenario needs node's --expose-gc (npm run bench passes it)");
  const rss = () => (worker ? residentBytes(worker.pid) : process.memoryUsage().rss);
  const heap = () => (collect!(), getHeapStatistics().used_heap_size);
  const mib = (bytes: number) => Math.round(bytes / 2 ** 20);
  const pct = (from: number, to: number) => ms(((to - from) / from) * 100);
  await driveRuns(1000, 32, start); // JIT, pools, caches
  // A full collection hands memory back to the system too: RSS must settle again before it is measured.
  const heapBefore = worker ? 0 : heap();
  await driveRuns(warmUpRuns, 32, start);
  const samples: { chunk: number; rss: number }[] = [];
  let chunk = 0;
  const sampler = setInterval(() => samples.push({ chunk, rss: rss() }), 200);
  const chunks = Math.ceil(runs / 1000);
  for (; chunk < chunks; chunk++) await driveRuns(Math.min(1000, runs - chunk * 1000), 32, start);
  clearInterval(sampler);
  const medianOf = (which: (chunk: number) => boolean) =>
    percentile(
      samples.filter((sample) => which(sample.chunk)).map((sample) => sample.rss),
      50,
    );
  // Halves, not the first and last 1,000: the RSS also swings over thousands of runs (V8 resizing its heap), and one
  // 1,000 can fall in a trough.
  const half = Math.floor(chunks / 2);
  const [first, last] = [medianOf((index) => index < half), medianOf((index) => index >= chunks - half)];
  console.log(
    `[memory] ${worker ? worker.label : "in-process"}: RSS median per 1,000 runs, MiB: ` +
      `${Array.from({ length: chunks }, (_, index) => mib(medianOf((chunk) => chunk === index))).join(" → ")}`,
  );
  const all = samples.map((sample) => sample.rss);
  const [low, high] = [Math.min(...all), Math.max(...all)];
  const whose = worker ? worker.label : "worker (in-process stack)";
  const rows: BenchRow[] = [
    {
      scenario:
        `${whose} RSS over ${runs} runs (after ${(1000 + warmUpRuns).toLocaleString("en")} warm-up), median ` +
        `of the first → last ${(half * 1000).toLocaleString("en")}: ${mib(first)} → ${mib(last)} MiB ` +
        `(all ${samples.length} samples ${mib(low)}–${mib(high)})`,
      "per second": "",
      "p50 ms": `${pct(first, last)} %`,
      "p95 ms": `spread ${pct(low, high)} %`,
    },
  ];
  const figures: Record<string, number> = {
    worker_rss_growth_pct: pct(first, last),
    worker_rss_spread_pct: pct(low, high),
  };
  if (!worker) {
    const heapAfter = heap();
    const held = process.memoryUsage().heapTotal; // what V8 keeps for the heap: most of the RSS above the live heap
    rows.push({
      scenario:
        `${whose} JS heap after GC over the last ${(warmUpRuns + runs).toLocaleString("en")} runs: ` +
        `${mib(heapBefore)} → ${mib(heapAfter)} MiB (V8 holds ${mib(held)} MiB for it)`,
      "per second": "",
      "p50 ms": `${pct(heapBefore, heapAfter)} %`,
      "p95 ms": "",
    });
    figures.worker_heap_growth_pct = pct(heapBefore, heapAfter);
  }
  return { rows, figures };
}
