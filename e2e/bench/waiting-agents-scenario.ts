/**
 * Waiting agents: 1,000 agent runs started at once against a slow model (a real HTTP server speaking
 * chat completions that thinks 2 s before each answer), two model calls and one tool call (through
 * the gateway) each, on one worker process of its own — how long until all have ended, the worker's
 * RSS at its highest, how long runs waited in the queue, and how many model calls were open at once.
 * Then the same with the answer streamed in pieces over 2 s. A worker that holds a fixed slot per
 * waiting run ends them in waves of its slot count; one that does not ends them all after ~4 s. Beside each: a floor
 * (the same waits with nothing of Switchboard in between, from this process, so a loaded machine shows in both) and
 * each process's CPU per run — on a machine of few cores the CPU a run costs, not its waiting, bounds the time.
 * Each variant is measured in BENCH_WAITING_AGENTS_ROUNDS rounds (3), each with its floor: the figures are the median
 * round's, and the row names every round's time (the CPU a run costs varies by half between rounds on a shared VM,
 * so one round could not say whether the target was met).
 * A stack of its own — database, redis-server, web process and worker — driven from a process of its own
 * (waiting-agents-process.ts), so no other workers or sweeper touch its runs.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { sql } from "../../lib/db/sql";
import { apiClient, type ApiClient } from "../../lib/testing/api-client";
import { startCountingServer } from "../../lib/testing/counting-server";
import { startFakeChatCompletions, type ScriptedReply } from "../../lib/testing/fake-chat-completions";
import { graphEdge, graphNode } from "../../lib/testing/fixtures";
import { startOwnRedis } from "../../lib/testing/own-redis";
import { createTestAccount } from "../../lib/testing/test-accounts";
import { startWebProcess } from "../../lib/testing/web-process";
import { startWorkerProcess } from "../../lib/testing/worker-process";
import { giveServerHistory } from "../../lib/testing/server-history";
import { ms, percentile, type BenchRow } from "./measure";
import { processCpu, type ProcessCpu } from "./process-cpu";
import { profilingEnv, startProfiles } from "./process-profiles";
import { runCompletion } from "./run-completion";
import { createWorkflow, type Scenario } from "./workflow-scenarios";

const THINK_MS = 2_000;
/** The streamed answer: 40 pieces of two words, 50 ms apart (2 s). */
const STREAMED_TEXT = Array.from({ length: 80 }, (_, index) => `word${index}`).join(" ");

function residentMiB(pid: number): number {
  const kib = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kib ?? 0) / 1024;
}

/** Starts `total` runs, `inFlight` POSTs at a time, and waits for them: seconds from the first POST to the last end. */
async function startAllAndWait(total: number, start: () => Promise<string>, inFlight = 32) {
  const completion = runCompletion(200); // one query for up to 1,000 runs: not every few ms
  const ends: Promise<{ status: string; error: string | null }>[] = [];
  const runIds: string[] = [];
  const began = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < total) {
        next++;
        const runId = await retryingOnce(start);
        runIds.push(runId);
        ends.push(completion.wait(runId));
      }
    }),
  );
  const startedIn = (performance.now() - began) / 1000;
  const failed = (await Promise.all(ends)).filter((end) => end.status !== "completed");
  if (failed.length > 0)
    throw new Error(`bench: ${failed.length} slow-model runs did not complete: ${failed[0].error}`);
  return { seconds: (performance.now() - began) / 1000, startedIn, runIds };
}

/**
 * A POST whose keep-alive socket the web process closed as it was sent ("other side closed": a busy machine makes the
 * race likely) is sent again once; the bench waits only for the run ids it was answered.
 */
async function retryingOnce<T>(send: () => Promise<T>): Promise<T> {
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    return await send();
  }
}

/** Queue wait (created → started) of the runs, in seconds, and how many were resumed (their job delivered twice). */
async function queueWaits(runIds: string[]): Promise<{ waits: number[]; resumed: number }> {
  const rows = await sql<{ wait: number }>`
    SELECT EXTRACT(EPOCH FROM "startedAt" - "createdAt")::float8 AS wait FROM "Run" WHERE id = ANY(${runIds}::text[])`;
  const [{ resumed }] = await sql<{ resumed: number }>`
    SELECT count(DISTINCT "runId")::int AS resumed FROM "RunEvent"
    WHERE "runId" = ANY(${runIds}::text[]) AND type = 'run.resumed'`;
  return { waits: rows.map((row) => row.wait), resumed };
}

/**
 * `figure`: the figures' prefix (`agents_1000_slow_model_seconds`; the RSS figure drops "_slow_model" / "_model":
 * `agents_1000_worker_rss_mib`, `agents_1000_streaming_worker_rss_mib`). `thinkMs` before a reply, `paceMs` between a
 * streamed text's pieces.
 */
type Variant = {
  name: string;
  figure: string;
  replies: ScriptedReply[];
  thinkMs: (reply: ScriptedReply) => number;
  paceMs: number;
};

/**
 * The floor beside a variant, in this same process and on this same machine: `runs` plain loops started at once,
 * each asking the same slow model twice (the second time with a tool's answer, as an agent does) around one GET of
 * the tool's target, with nothing of Switchboard in between — what the waiting costs when nothing else does. Seconds
 * until all end.
 */
async function floorSeconds(runs: number, variant: Variant, toolUrl: string): Promise<number> {
  const { replies, thinkMs, paceMs } = variant;
  const model = await startFakeChatCompletions(replies, { byStep: true, thinkMs, paceMs });
  const ask = async (messages: unknown[]) => {
    const body = JSON.stringify({ model: "slow", stream: true, messages });
    const answer = await fetch(`${model.baseUrl}/chat/completions`, { method: "POST", body });
    return answer.text();
  };
  try {
    const began = performance.now();
    await Promise.all(
      Array.from({ length: runs }, async () => {
        const question = [{ role: "user", content: "bench" }];
        await ask(question);
        const tool = await (await fetch(toolUrl)).text();
        await ask([...question, { role: "tool", tool_call_id: "call", content: tool }]);
      }),
    );
    return (performance.now() - began) / 1000;
  } finally {
    model.close();
  }
}

/** CPU milliseconds per run of each of the scenario's processes, as figures and as the row's words. */
function cpuFigures(prefix: string, perRun: Record<string, number>) {
  const roles = Object.entries(perRun).sort(([, a], [, b]) => b - a);
  const figures = Object.fromEntries(
    roles.map(([role, used]) => [`${prefix}_cpu_ms_per_run_${role.replace(/\W+/g, "_")}`, used]),
  );
  return { figures, words: roles.map(([role, used]) => `${role} ${used}`).join(", ") };
}

/** `pids`: the serving processes by role (worker, web), for the CPU profiles BENCH_PROFILE asks for. */
type Measuring = { pids: Record<string, number>; cpu: ProcessCpu; toolUrl: string };

const ROUNDS = Number(process.env.BENCH_WAITING_AGENTS_ROUNDS ?? 3);

/**
 * One measured round: `runs` runs started at once, the worker's RSS sampled meanwhile, each process's CPU, then the
 * floor. Profiles (BENCH_PROFILE) cover the first round only.
 */
async function measureRound(
  runs: number,
  start: () => Promise<string>,
  variant: Variant,
  { pids, cpu, toolUrl }: Measuring,
  profile: boolean,
) {
  let highest = 0;
  const sampler = setInterval(() => (highest = Math.max(highest, residentMiB(pids.worker))), 100);
  const cpuBefore = await cpu.snapshot();
  const stopProfiles = profile ? startProfiles(pids) : () => undefined;
  const result = await startAllAndWait(runs, start).finally(() => {
    clearInterval(sampler);
    stopProfiles();
  });
  const perRun = cpu.perUnit(cpuBefore, await cpu.snapshot(), runs);
  highest = Math.max(highest, residentMiB(pids.worker));
  return { ...result, highest, perRun, floor: await floorSeconds(runs, variant, toolUrl) };
}

async function oneVariant(api: ApiClient, runs: number, variant: Variant, measuring: Measuring) {
  const { replies, thinkMs, paceMs } = variant;
  const model = await startFakeChatCompletions(replies, { byStep: true, thinkMs, paceMs });
  try {
    const start = await createWorkflow(api, `bench slow model ${variant.figure}`, {
      nodes: [
        graphNode("entry", "core.entry"),
        graphNode("agent", "core.agent", {
          params: { provider: "openai-compatible", baseUrl: model.baseUrl, model: "slow", prompt: "{{input}}" },
        }),
        graphNode("http", "core.http.request", { label: "HTTP Request", mode: "tool" }),
      ],
      edges: [graphEdge("entry", "output", "agent", "input"), graphEdge("http", "tool", "agent", "tools")],
    });
    await startAllAndWait(20, start); // warm-up: JIT, connections
    const mostBefore = model.maxInFlight();
    const rounds = [];
    for (let round = 0; round < ROUNDS; round++)
      rounds.push(await measureRound(runs, start, variant, measuring, !round));
    const times = rounds.map((round) => round.seconds);
    const result = [...rounds].sort((a, b) => a.seconds - b.seconds)[Math.floor(rounds.length / 2)];
    const { floor } = result;
    const highest = Math.max(...rounds.map((round) => round.highest));
    const used = cpuFigures(variant.figure, result.perRun);
    const { waits, resumed } = await queueWaits(result.runIds);
    const figures: Record<string, number> = {
      [`${variant.figure}_seconds`]: ms(result.seconds),
      [`${variant.figure}_floor_seconds`]: ms(floor),
      [`${variant.figure.replace(/_slow_model$|_model$/, "")}_worker_rss_mib`]: Math.round(highest),
      [`${variant.figure}_queue_wait_p50_s`]: ms(percentile(waits, 50)),
      [`${variant.figure}_queue_wait_max_s`]: ms(Math.max(...waits)),
      [`${variant.figure}_model_calls_at_once`]: Math.max(mostBefore, model.maxInFlight()),
      [`${variant.figure}_runs_resumed`]: resumed,
      ...used.figures,
    };
    const row: BenchRow = {
      scenario:
        `${runs} agent runs, ${variant.name} (2 model calls + 1 tool call each), one worker: all ended in ` +
        `${ms(result.seconds)} s (median of ${times.map(ms).join(", ")} s; started in ${ms(result.startedIn)} s; ` +
        `floor ${ms(floor)} s), ` +
        `worker RSS ≤ ${Math.round(highest)} MiB, ` +
        `queue wait p50 ${ms(percentile(waits, 50))} s max ${ms(Math.max(...waits))} s, ` +
        `${model.maxInFlight()} model calls at once, ${resumed} runs resumed; CPU ms per run: ${used.words}`,
      "per second": ms(runs / result.seconds),
      "p50 ms": "",
      "p95 ms": "",
    };
    if (model.received.length < ROUNDS * runs + 20) throw new Error("bench: the slow model was not called");
    return { row, figures };
  } finally {
    model.close();
  }
}

export async function benchWaitingAgents(runs = Number(process.env.BENCH_WAITING_AGENTS ?? 1000)): Promise<Scenario> {
  const redis = await startOwnRedis();
  const target = await startCountingServer();
  const env = { REDIS_URL: redis.url };
  const web = await startWebProcess("web", 180_000, { ...env, ...profilingEnv("web") }).catch(async (error) => {
    await redis.stop();
    throw error;
  });
  const worker = startWorkerProcess({
    ...env,
    ...profilingEnv("worker"),
    SWITCHBOARD_URL: web.url,
    SWITCHBOARD_RUN_LEASE_SECONDS: "15",
  });
  try {
    const pid = await worker.ready;
    // Where a run's CPU goes: a worker whose thread is busy all the time is what bounds how fast the runs end.
    const cpu = processCpu({ [pid]: "worker", [web.pid]: "web", [redis.pid()]: "redis" });
    const account = await createTestAccount("editor");
    const api = apiClient(web.url, account.headers);
    // Once for every variant: the runs of a server that has been running (server-history.ts).
    const history = await createWorkflow(api, "bench history", {
      nodes: [graphNode("entry", "core.entry")],
      edges: [],
    });
    await giveServerHistory(history.workflowId);
    const toolCall = { toolCall: { name: "http_request", arguments: { url: `${target.url}/fast` } } };
    const variants: Variant[] = [
      {
        name: "model answering after 2 s",
        figure: `agents_${runs}_slow_model`,
        replies: [toolCall, { text: "done" }],
        thinkMs: () => THINK_MS,
        paceMs: 0,
      },
      {
        name: "model answering after 2 s, then streaming its answer over 2 s",
        figure: `agents_${runs}_streaming_model`,
        replies: [toolCall, { text: STREAMED_TEXT }],
        thinkMs: (reply) => ("toolCall" in reply ? THINK_MS : 0),
        paceMs: THINK_MS / 40,
      },
    ];
    const rows: BenchRow[] = [];
    const figures: Record<string, number> = {};
    const pids = { worker: pid, web: web.serverPid };
    for (const variant of variants) {
      const result = await oneVariant(api, runs, variant, { pids, cpu, toolUrl: `${target.url}/floor` });
      rows.push(result.row);
      Object.assign(figures, result.figures);
    }
    // Every run completed; an agent whose tools the gateway did not offer in time answered without calling one. (Over
    // every round and warm-up of both variants.)
    figures[`agents_${runs}_tool_calls_reached`] = target.hits("GET /fast?");
    return { rows, figures };
  } catch (error) {
    console.error([...web.output.slice(-20), ...worker.output.slice(-30)].join("\n"));
    throw error;
  } finally {
    await worker.kill("SIGTERM");
    await web.stop();
    await target.close();
    await redis.stop();
  }
}

/** Runs the scenario in its own process (waiting-agents-process.ts) and answers what it printed. */
export async function benchWaitingAgentsAlone(): Promise<Scenario> {
  const child = spawn(
    path.join("node_modules", ".bin", "tsx"),
    ["--conditions=react-server", path.join("e2e", "bench", "waiting-agents-process.ts")],
    { env: process.env, stdio: ["ignore", "pipe", "inherit"] },
  );
  let result: Scenario | undefined;
  createInterface({ input: child.stdout! }).on("line", (line) => {
    if (line.startsWith("BENCH_RESULT ")) result = JSON.parse(line.slice("BENCH_RESULT ".length)) as Scenario;
    else console.log(line);
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (!result) throw new Error(`bench: the waiting-agents process ended (${code}) without a result`);
  return result;
}
