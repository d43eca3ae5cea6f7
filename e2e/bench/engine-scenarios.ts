/**
 * Engine figures for the fast-path work: simple runs (Entry → one scripted LLM step) through the
 * HTTP API at concurrency 32, POST → first SSE event latency, and the compiler on 10k and 100k
 * nodes. Each returns table rows and named figures for bench-results.json.
 */
import type { ApiClient } from "../../lib/testing/api-client";
import { giveServerHistory } from "../../lib/testing/server-history";
import { benchFloor } from "./floor-scenario";
import { ms, percentile, type BenchRow } from "./measure";
import { processCpu, type ProcessCpu } from "./process-cpu";
import { driveRuns } from "./run-completion";

type Figures = Record<string, number>;

/** Published on create: the API runs a workflow's published version. */
export const simpleGraph = {
  name: "bench simple",
  publish: true,
  nodes: [
    { id: "entry", type: "core.entry", position: { x: 0, y: 0 }, data: { label: "Entry", mode: "normal", params: {} } },
    {
      id: "step",
      type: "core.llm",
      position: { x: 300, y: 0 },
      data: {
        label: "Step",
        mode: "normal",
        params: { provider: "scripted", script: { toolCalls: [], finalText: "ok {{input}}" } },
      },
    },
  ],
  edges: [{ id: "e", source: "entry", sourceHandle: "output", target: "step", targetHandle: "input" }],
};

/**
 * Simple runs through the HTTP API at concurrency 32, beside the framework-free floor doing the same
 * work (floor-scenario.ts); with the CPU each process (by role, process-cpu.ts) spent per run on both.
 * The two take turns, in `rounds` parts each, so a machine that slows down or speeds up meanwhile
 * (a shared VM does) weighs on both alike and their ratio holds.
 */
export async function benchSimpleRuns(
  api: ApiClient,
  {
    runs = Number(process.env.BENCH_SIMPLE_RUNS ?? 1000),
    concurrency = 32,
    warmUpRuns = 50,
    rounds = 4,
    processes = processCpu(),
    measuring = () => () => undefined,
  }: {
    runs?: number;
    concurrency?: number;
    warmUpRuns?: number;
    rounds?: number;
    processes?: ProcessCpu;
    /** Called once the warm-up is over; what it returns, once the rounds are (npm start's CPU profiles). */
    measuring?: () => () => void;
  } = {},
): Promise<{ rows: BenchRow[]; figures: Figures }> {
  const { DEFAULT_RUN_CONCURRENCY } = await import("../../lib/runs/start-workers");
  const { id } = (await (
    await api.fetch("/api/workflows", { method: "POST", body: JSON.stringify(simpleGraph) })
  ).json()) as { id: string };
  const start = async () =>
    (
      (await (
        await api.fetch(`/api/workflows/${id}/runs`, { method: "POST", body: JSON.stringify({ input: "x" }) })
      ).json()) as { runId: string }
    ).runId;
  await giveServerHistory(id);
  await driveRuns(warmUpRuns, concurrency, start); // warm-up: JIT, connection pools, the plan cache
  const perRound = Math.ceil(runs / rounds);
  const realParts: Measured[] = [];
  const floorParts: Measured[] = [];
  const stopMeasuring = measuring();
  for (let round = 0; round < rounds; round++) {
    realParts.push(await measured(processes, perRound, () => driveRuns(perRound, concurrency, start)));
    floorParts.push(
      await measured(processes, perRound, () => benchFloor(id, perRound, concurrency, DEFAULT_RUN_CONCURRENCY)),
    );
  }
  stopMeasuring();
  const [real, floor] = [combine(realParts), combine(floorParts)];
  const row = (scenario: string, result: typeof real): BenchRow => ({
    scenario,
    "per second": ms(result.perSecond),
    "p50 ms": ms(percentile(result.latencies, 50)),
    "p95 ms": ms(percentile(result.latencies, 95)),
    "CPU ms/run": Object.entries(result.byProcess)
      .map(([role, cpu]) => `${role} ${cpu}`)
      .join(" · "),
  });
  return {
    rows: [
      row(`simple runs (Entry → one step), ${real.runs} ×${concurrency} through the HTTP API`, real),
      row(`floor: same work, no framework (${floor.runs} ×${concurrency})`, floor),
    ],
    figures: {
      simple_runs_per_s_c32: ms(real.perSecond),
      simple_run_p50_ms: ms(percentile(real.latencies, 50)),
      floor_runs_per_s_c32: ms(floor.perSecond),
      simple_runs_pct_of_floor: Math.round((real.perSecond / floor.perSecond) * 100),
      simple_run_cpu_ms: ms(real.cpuMsPerRun),
      floor_run_cpu_ms: ms(floor.cpuMsPerRun),
      ...byRole("simple_run_cpu_ms", real.byProcess),
      ...byRole("floor_run_cpu_ms", floor.byProcess),
    },
  };
}

type Measured = Awaited<ReturnType<typeof driveRuns>> & { runs: number; byProcess: Record<string, number> };

async function measured(
  processes: ProcessCpu,
  runs: number,
  work: () => ReturnType<typeof driveRuns>,
): Promise<Measured> {
  const before = await processes.snapshot();
  const result = await work();
  return { ...result, runs, byProcess: processes.perUnit(before, await processes.snapshot(), runs) };
}

/** Parts of one measurement as the whole: throughput over their summed time, CPU per run weighted by runs. */
function combine(parts: Measured[]): Measured {
  const runs = parts.reduce((sum, part) => sum + part.runs, 0);
  const seconds = parts.reduce((sum, part) => sum + part.runs / part.perSecond, 0);
  const weighted = (value: (part: Measured) => number) =>
    parts.reduce((sum, part) => sum + value(part) * part.runs, 0) / runs;
  const roles = [...new Set(parts.flatMap((part) => Object.keys(part.byProcess)))].sort();
  return {
    runs,
    perSecond: runs / seconds,
    latencies: parts.flatMap((part) => part.latencies),
    cpuMsPerRun: weighted((part) => part.cpuMsPerRun),
    byProcess: Object.fromEntries(
      roles.map((role) => [role, Math.round(weighted((part) => part.byProcess[role] ?? 0) * 100) / 100]),
    ),
  };
}

/** `simple_run_cpu_ms_web`, …: one figure per process role. */
const byRole = (prefix: string, cpu: Record<string, number>) =>
  Object.fromEntries(Object.entries(cpu).map(([role, value]) => [`${prefix}_${role.replace(/\W+/g, "_")}`, value]));

/** POST a run, then open its event stream: how long until the first event arrives. */
export async function benchFirstEvent(api: ApiClient, samples = 30): Promise<{ rows: BenchRow[]; figures: Figures }> {
  const { id } = (await (
    await api.fetch("/api/workflows", { method: "POST", body: JSON.stringify(simpleGraph) })
  ).json()) as { id: string };
  const latencies: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    const { runId } = (await (await api.fetch(`/api/workflows/${id}/runs`, { method: "POST", body: "{}" })).json()) as {
      runId: string;
    };
    const controller = new AbortController();
    const response = await api.fetch(`/api/runs/${runId}/events`, { signal: controller.signal });
    const reader = response.body!.getReader();
    let text = "";
    while (!text.includes("data: ")) text += new TextDecoder().decode((await reader.read()).value);
    latencies.push(performance.now() - t0);
    controller.abort();
  }
  return {
    rows: [
      {
        scenario: `POST → first SSE event (${samples} sequential)`,
        "per second": "",
        "p50 ms": ms(percentile(latencies, 50)),
        "p95 ms": ms(percentile(latencies, 95)),
      },
    ],
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
      data: {
        label: `n${i}`,
        mode: "normal" as const,
        params: i === 0 ? {} : { url: `https://example.com/{{n${i - 1}.status}}` },
      },
    })),
    edges: Array.from({ length: count - 1 }, (_, i) => ({
      id: `e${i}`,
      source: `n${i}`,
      sourceHandle: i === 0 ? "output" : "body",
      target: `n${i + 1}`,
      targetHandle: "body",
    })),
  });
  // The median of several compiles after two warm ones: a long-lived web process compiles often, and one sample is
  // mostly JIT and GC noise.
  const time = (count: number, samples: number) => {
    const graph = chain(count);
    for (let warm = 0; warm < 2; warm++) compileWorkflow(graph, lookupComponent);
    const times: number[] = [];
    for (let sample = 0; sample < samples; sample++) {
      const t0 = performance.now();
      const result = compileWorkflow(graph, lookupComponent);
      times.push(performance.now() - t0);
      if (!result.ok) throw new Error(`bench graph does not compile: ${result.errors[0].message}`);
    }
    return percentile(times, 50);
  };
  const [tenK, hundredK] = [time(10_000, 9), time(100_000, 3)];
  return {
    rows: [
      {
        scenario: "compile a 10k / 100k-node chain with templates",
        "per second": "",
        "p50 ms": `${ms(tenK)} / ${ms(hundredK)}`,
        "p95 ms": "",
      },
    ],
    figures: { compile_10k_ms: ms(tenK), compile_100k_ms: ms(hundredK) },
  };
}
