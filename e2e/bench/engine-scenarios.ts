/**
 * Engine figures for the fast-path work: simple runs (Entry → one scripted LLM step) through the
 * HTTP API at concurrency 32, POST → first SSE event latency, and the compiler on 10k and 100k
 * nodes. Each returns table rows and named figures for bench-results.json.
 */
import type { ApiClient } from "../../lib/testing/api-client";
import { ms, percentile, type BenchRow } from "./measure";

type Figures = Record<string, number>;

const simpleGraph = {
  name: "bench simple",
  nodes: [
    { id: "entry", type: "core.entry", position: { x: 0, y: 0 }, data: { label: "Entry", mode: "normal", params: {} } },
    { id: "step", type: "core.llm", position: { x: 300, y: 0 }, data: { label: "Step", mode: "normal", params: { provider: "scripted", script: { toolCalls: [], finalText: "ok {{input}}" } } } },
  ],
  edges: [{ id: "e", source: "entry", sourceHandle: "output", target: "step", targetHandle: "input" }],
};

export async function benchSimpleRuns(api: ApiClient, runs = Number(process.env.BENCH_SIMPLE_RUNS ?? 400), concurrency = 32): Promise<{ rows: BenchRow[]; figures: Figures }> {
  const { getDb } = await import("../../lib/db/client");
  const { id } = (await (await api.fetch("/api/workflows", { method: "POST", body: JSON.stringify(simpleGraph) })).json()) as { id: string };
  const started = performance.now();
  let next = 0;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < runs) {
        next++;
        const t0 = performance.now();
        const { runId } = (await (await api.fetch(`/api/workflows/${id}/runs`, { method: "POST", body: JSON.stringify({ input: "x" }) })).json()) as { runId: string };
        // Completion is read from the database directly, so polling does not load the API being measured.
        for (;;) {
          const run = await getDb().run.findUnique({ where: { id: runId }, select: { status: true } });
          if (run && run.status !== "queued" && run.status !== "running") {
            if (run.status !== "completed") throw new Error(`bench run ${runId} ${run.status}`);
            break;
          }
          await new Promise((resolve) => setTimeout(resolve, 5));
        }
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const perSecond = runs / ((performance.now() - started) / 1000);
  return {
    rows: [{ scenario: `simple runs (Entry → one step), ${runs} ×${concurrency} through the HTTP API`, "per second": ms(perSecond), "p50 ms": ms(percentile(latencies, 50)), "p95 ms": ms(percentile(latencies, 95)) }],
    figures: { simple_runs_per_s_c32: ms(perSecond), simple_run_p50_ms: ms(percentile(latencies, 50)) },
  };
}

/** POST a run, then open its event stream: how long until the first event arrives. */
export async function benchFirstEvent(api: ApiClient, samples = 30): Promise<{ rows: BenchRow[]; figures: Figures }> {
  const { id } = (await (await api.fetch("/api/workflows", { method: "POST", body: JSON.stringify(simpleGraph) })).json()) as { id: string };
  const latencies: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    const { runId } = (await (await api.fetch(`/api/workflows/${id}/runs`, { method: "POST", body: "{}" })).json()) as { runId: string };
    const controller = new AbortController();
    const response = await api.fetch(`/api/runs/${runId}/events`, { signal: controller.signal });
    const reader = response.body!.getReader();
    let text = "";
    while (!text.includes("data: ")) text += new TextDecoder().decode((await reader.read()).value);
    latencies.push(performance.now() - t0);
    controller.abort();
  }
  return {
    rows: [{ scenario: `POST → first SSE event (${samples} sequential)`, "per second": "", "p50 ms": ms(percentile(latencies, 50)), "p95 ms": ms(percentile(latencies, 95)) }],
    figures: { first_event_p50_ms: ms(percentile(latencies, 50)), first_event_p95_ms: ms(percentile(latencies, 95)) },
  };
}

export async function benchCompiler(): Promise<{ rows: BenchRow[]; figures: Figures }> {
  const { compileWorkflow } = await import("../../lib/workflow/compile");
  const { lookupComponent } = await import("../../lib/nodes");
  const chain = (count: number) => ({
    nodes: Array.from({ length: count }, (_, i) => ({
      id: `n${i}`,
      type: i === 0 ? "core.entry" : "core.http.request",
      position: { x: 0, y: 0 },
      data: { label: `n${i}`, mode: "normal" as const, params: i === 0 ? {} : { url: `https://example.com/{{n${i - 1}.status}}` } },
    })),
    edges: Array.from({ length: count - 1 }, (_, i) => ({ id: `e${i}`, source: `n${i}`, sourceHandle: i === 0 ? "output" : "body", target: `n${i + 1}`, targetHandle: "body" })),
  });
  const time = (count: number) => {
    const graph = chain(count);
    compileWorkflow(graph, lookupComponent); // warm
    const t0 = performance.now();
    const result = compileWorkflow(graph, lookupComponent);
    if (!result.ok) throw new Error(`bench graph does not compile: ${result.errors[0].message}`);
    return performance.now() - t0;
  };
  const [tenK, hundredK] = [time(10_000), time(100_000)];
  return {
    rows: [{ scenario: "compile a 10k / 100k-node chain with templates", "per second": "", "p50 ms": `${ms(tenK)} / ${ms(hundredK)}`, "p95 ms": "" }],
    figures: { compile_10k_ms: ms(tenK), compile_100k_ms: ms(hundredK) },
  };
}
