/**
 * Storing run events in PostgreSQL. Each batch's seqs are allocated in the statement that stores it (the Run row's
 * `lastSeq` counter), so seqs stay dense and unique across processes.
 *
 * Batches of different runs share statements: a worker with hundreds of runs in flight records a few batches per run
 * step, and one statement per batch cost the worker, and PostgreSQL a transaction each, more than the events' own
 * work. While STATEMENTS_IN_FLIGHT statements are being written, the batches recorded meanwhile wait and go together
 * in the next one; a lone batch is written at once. Each run's rows are locked in id order, as lease renewals lock
 * theirs (run-lease.ts), so two statements never wait on each other. A run's ending is written alone
 * (storeEventsAndEnd): it is fenced by the lease and its answer must be its own.
 */
import { sql } from "../db/sql";
import type { RunEventInput } from "./events";
import { endingColumns, type RunEnding } from "./run-lease";

type StoredRow = { seq: number; createdAt: Date };

/** Statements of batches written at once; more batches wait for one of them to end. */
const STATEMENTS_IN_FLIGHT = 2;
/** PostgreSQL's answer when it broke a lock cycle by failing one statement: that statement is simply written again. */
const DEADLOCK_DETECTED = "40P01";
const DEADLOCK_TRIES = 5;

type Waiting = {
  runId: string;
  events: RunEventInput[];
  whileRunning: boolean;
  resolve: (rows: StoredRow[] | null) => void;
  reject: (error: unknown) => void;
};

let waiting: Waiting[] = [];
let inFlight = 0;
let scheduled = false;

/** What the model calls among `events` cost: the run's cost grows by it in the same statement that stores them. */
function costOf(events: RunEventInput[]): number {
  let usd = 0;
  for (const event of events) if (event.type === "agent.step") usd += event.payload.costUsd ?? 0;
  return usd;
}

/**
 * Allocates the run's next seqs and stores the events; answers their seqs in order, or null when `whileRunning` and the
 * run has ended.
 */
export function storeEvents(
  runId: string,
  events: RunEventInput[],
  whileRunning: boolean,
): Promise<StoredRow[] | null> {
  return new Promise((resolve, reject) => {
    waiting.push({ runId, events, whileRunning, resolve, reject });
    writeSoon();
  });
}

function writeSoon(): void {
  if (scheduled || inFlight >= STATEMENTS_IN_FLIGHT || waiting.length === 0) return;
  scheduled = true;
  queueMicrotask(() => {
    scheduled = false;
    writeWaiting();
  });
}

/** Takes the waiting batches, one per run (a run's second batch waits for the next statement), and writes them. */
function writeWaiting(): void {
  if (inFlight >= STATEMENTS_IN_FLIGHT || waiting.length === 0) return;
  const runs = new Set<string>();
  const taken: Waiting[] = [];
  const left: Waiting[] = [];
  for (const batch of waiting) {
    if (runs.has(batch.runId)) left.push(batch);
    else {
      runs.add(batch.runId);
      taken.push(batch);
    }
  }
  waiting = left;
  inFlight++;
  writeTogether(taken)
    .then((rows) => answer(taken, rows))
    .catch((error) => taken.forEach((batch) => batch.reject(error)))
    .finally(() => {
      inFlight--;
      writeSoon();
    });
}

function answer(batches: Waiting[], rows: (StoredRow & { runId: string })[]): void {
  const byRun = new Map<string, StoredRow[]>();
  for (const row of rows) {
    const stored = byRun.get(row.runId) ?? [];
    stored.push({ seq: row.seq, createdAt: row.createdAt });
    byRun.set(row.runId, stored);
  }
  for (const batch of batches) {
    const stored = (byRun.get(batch.runId) ?? []).sort((a, b) => a.seq - b.seq);
    if (stored.length === batch.events.length) batch.resolve(stored);
    else if (stored.length === 0 && batch.whileRunning) batch.resolve(null);
    else batch.reject(new Error(`Run ${batch.runId} does not exist: cannot record its ${batch.events[0].type} event`));
  }
}

async function writeTogether(batches: Waiting[]): Promise<(StoredRow & { runId: string })[]> {
  const input = JSON.stringify(
    batches.map(({ runId, events, whileRunning }) => ({ runId, whileRunning, cost: costOf(events), events })),
  );
  // The ids again as an array beside the joins: joined only through the JSON batch (estimated at 100 rows, whatever
  // it holds), the generic plan hash-joined it against a sequential scan of every run in tables of 10,000 runs and
  // more (lib/runs/run-path-plans.integration.test.ts).
  const runIds = batches.map((batch) => batch.runId);
  for (let tries = 1; ; tries++) {
    try {
      return await sql<StoredRow & { runId: string }>`
        WITH batch AS (
          SELECT value->>'runId' AS "runId", (value->>'whileRunning')::boolean AS "whileRunning",
            (value->>'cost')::float8 AS cost, value->'events' AS events
          FROM jsonb_array_elements(${input}::jsonb) AS item(value)),
        locked AS (
          SELECT run.id FROM "Run" AS run JOIN batch ON batch."runId" = run.id
          WHERE run.id = ANY(${runIds}::text[])
            AND (NOT batch."whileRunning" OR run.status IN ('queued', 'running', 'waiting'))
          ORDER BY run.id FOR UPDATE OF run),
        allocated AS (
          UPDATE "Run" AS run
          SET "lastSeq" = run."lastSeq" + jsonb_array_length(batch.events), "costUsd" = run."costUsd" + batch.cost
          FROM locked JOIN batch ON batch."runId" = locked.id
          WHERE run.id = ANY(${runIds}::text[]) AND run.id = locked.id
          RETURNING run.id, run."lastSeq", batch.events)
        INSERT INTO "RunEvent" ("runId", seq, type, payload)
        SELECT allocated.id, allocated."lastSeq" - jsonb_array_length(allocated.events) + item.ord::int,
          item.value->>'type', item.value->'payload'
        FROM allocated, jsonb_array_elements(allocated.events) WITH ORDINALITY AS item(value, ord)
        RETURNING "runId", seq, "createdAt"`;
    } catch (error) {
      if ((error as { code?: string }).code !== DEADLOCK_DETECTED || tries === DEADLOCK_TRIES) throw error;
    }
  }
}

/** A run's last event carries its ending: written with it, by the worker holding the run's lease. */
export type EndingWrite = { ending: RunEnding; owner: string };

/**
 * The same, and the run's final status, if `owner` still holds its lease; null (nothing stored) when it does not. In a
 * statement of its own.
 */
export async function storeEventsAndEnd(
  runId: string,
  events: RunEventInput[],
  { ending, owner }: EndingWrite,
): Promise<StoredRow[] | null> {
  const { status, output, error } = endingColumns(ending);
  const rows = await sql<StoredRow>`
    WITH allocated AS (
      UPDATE "Run" SET "lastSeq" = "lastSeq" + ${events.length}, "costUsd" = "costUsd" + ${costOf(events)},
        status = ${status}::"RunStatus", output =
        ${output}::jsonb, error = ${error},
        "finishedAt" = now(), "leaseOwner" = NULL, "leaseUntil" = NULL
      WHERE id = ${runId} AND status IN ('queued', 'running') AND "leaseOwner" = ${owner}
      RETURNING "lastSeq")
    INSERT INTO "RunEvent" ("runId", seq, type, payload)
    SELECT ${runId}, allocated."lastSeq" - ${events.length} + item.ord::int, item.value->>'type', item.value->'payload'
    FROM allocated, jsonb_array_elements(${JSON.stringify(events)}::jsonb) WITH ORDINALITY AS item(value, ord)
    RETURNING seq, "createdAt"`;
  return rows.length === events.length ? rows.sort((a, b) => a.seq - b.seq) : null;
}
