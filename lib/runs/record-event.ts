/**
 * Recording run events. Each event's `seq` is allocated in PostgreSQL in the same statement that
 * stores it (the Run row's `lastSeq` counter), so seqs stay dense and unique across processes and
 * survive a Redis restart. Each stored batch is then published for live readers (live-events.ts);
 * a reader that sees seqs out of order or missing fills the gap from the database.
 *
 * A recorder group-commits: while one batch is being written, the events recorded meanwhile wait
 * and go together in the next one — one PUBLISH per batch, and batches of many runs share an INSERT
 * (event-store.ts). Noted events wait up to
 * NOTE_FLUSH_MS for company. A recorder's events are stored in the order they were recorded.
 * Whatever a caller recorded, the run's secrets are redacted from each event and from the run's
 * ending right before they are stored: the last safety net behind redaction at the source.
 */
import { RunEventInput, type RunEvent } from "./events";
import { storeEvents, storeEventsAndEnd, type EndingWrite } from "./event-store";
import { publishEvents } from "./live-events";
import type { RunEnding } from "./run-lease";
import { runSecrets } from "./run-secrets";
import type { SecretScope } from "../secrets/secret-scope";
import type { RedisClient } from "../queue/redis";

export type EventRecorder = (event: RunEventInput) => Promise<RunEvent>;

/**
 * A recorder that can also take an event without waiting for it, and end the run with its last one (see
 * createEventRecorder).
 */
export type RunRecorder = EventRecorder & {
  note: (event: RunEventInput) => void;
  finish: (event: RunEventInput, ending: RunEnding, owner: string) => Promise<boolean>;
};

/** How long a noted event may wait for company before it is written anyway: the live view's added delay. */
export const NOTE_FLUSH_MS = 10;

type Pending = {
  event: RunEventInput;
  resolve: (stored: RunEvent | null) => void;
  reject: (error: unknown) => void;
  end?: EndingWrite;
};

/**
 * Thrown (as the rejection of a record) when an event comes after its run's ending and the recorder was told to refuse
 * such.
 */
export class RunEndedError extends Error {}

export type RecorderOptions = {
  /**
   * Refuse events once the run has ended (RunEndedError), for writers outside the run's own
   * worker — the gateway — whose late events must not land after the terminal one.
   */
  onlyWhileRunning?: boolean;
  /**
   * The run's secrets, redacted from what is stored; by default the run's shared scope (run-secrets.ts). The run's
   * worker passes its own.
   */
  secrets?: () => SecretScope | Promise<SecretScope>;
};

/**
 * Awaiting the recorder stores the event (and everything recorded before it) now: a checkpoint.
 * `note` queues an event without waiting: it goes with the next checkpoint, or after at most
 * NOTE_FLUSH_MS, so a run's small steps share one INSERT without slowing the live view.
 * `finish` stores the terminal event, everything noted before it and the run's final status in
 * one statement, fenced by the lease: false (and nothing stored) when `owner` no longer holds it.
 */
export function createEventRecorder(redis: RedisClient, runId: string, options: RecorderOptions = {}): RunRecorder {
  const writer = new BatchedEventWriter(redis, runId, options);
  const record = ((input: RunEventInput) =>
    new Promise<RunEvent>((resolve, reject) => {
      const ended = () => new RunEndedError(`Run ${runId} has ended (or ended elsewhere): ${input.type} not recorded`);
      writer.add(input, (stored) => (stored ? resolve(stored) : reject(ended())), reject);
      writer.writeSoon();
    })) as RunRecorder;
  record.finish = (input, ending, owner) =>
    new Promise<boolean>((resolve, reject) => {
      writer.add(input, (stored) => resolve(stored !== null), reject, { ending, owner });
      writer.writeSoon();
    });
  record.note = (input) => {
    const warn = (error: unknown) =>
      error instanceof RunEndedError ||
      console.warn(
        `run ${runId}: could not record ${input.type}: ${error instanceof Error ? error.message : String(error)}`,
      );
    writer.add(input, () => undefined, warn);
    writer.writeLater();
  };
  return record;
}

/** Events waiting to be stored, written one batch at a time, in order, redacted with the run's secrets. */
class BatchedEventWriter {
  private pending: Pending[] = [];
  private writing = false;
  private timer: NodeJS.Timeout | undefined;
  private readonly secrets: () => SecretScope | Promise<SecretScope>;

  constructor(
    private readonly redis: RedisClient,
    private readonly runId: string,
    private readonly options: RecorderOptions,
  ) {
    this.secrets = options.secrets ?? (() => runSecrets(runId));
  }

  add(input: RunEventInput, resolve: Pending["resolve"], reject: Pending["reject"], end?: EndingWrite): void {
    const parsed = RunEventInput.safeParse(input);
    if (!parsed.success) return reject(parsed.error);
    this.pending.push({ event: parsed.data, resolve, reject, end });
  }

  /** Events added in the same tick share a batch. */
  writeSoon(): void {
    queueMicrotask(() => this.writeNext());
  }

  /** A note waits for the next checkpoint, or NOTE_FLUSH_MS at most. */
  writeLater(): void {
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.writeNext();
    }, NOTE_FLUSH_MS);
  }

  private writeNext(): void {
    if (this.writing || this.pending.length === 0) return;
    this.writing = true;
    // A batch ends at the run's ending, if one is waiting: the ending is the last thing written.
    const ends = this.pending.findIndex((item) => item.end);
    const batch = ends === -1 ? this.pending : this.pending.slice(0, ends + 1);
    this.pending = ends === -1 ? [] : this.pending.slice(ends + 1);
    this.write(batch)
      .then(
        (stored) => batch.forEach((item, index) => item.resolve(stored ? stored[index] : null)),
        (error) => batch.forEach((item) => item.reject(error)),
      )
      .finally(() => {
        this.writing = false;
        this.writeNext();
      });
  }

  private async write(batch: Pending[]) {
    const scope = await this.secrets();
    const events = redactBatch(
      scope,
      batch.map((item) => item.event),
    );
    const ending = redactEnding(scope, batch.at(-1)!.end);
    return recordBatch(this.redis, this.runId, events, ending, this.options.onlyWhileRunning === true);
  }
}

function redactBatch(scope: SecretScope, events: RunEventInput[]): RunEventInput[] {
  return scope.empty
    ? events
    : events.map((event) => ({ ...event, payload: scope.redact(event.payload) }) as RunEventInput);
}

function redactEnding(scope: SecretScope, end: EndingWrite | undefined): EndingWrite | undefined {
  if (!end || scope.empty || end.ending.status === "cancelled") return end;
  const { ending } = end;
  return {
    ...end,
    ending:
      ending.status === "completed"
        ? { ...ending, output: scope.redact(ending.output) }
        : { ...ending, error: scope.redactText(ending.error) },
  };
}

async function recordBatch(
  redis: RedisClient,
  runId: string,
  events: RunEventInput[],
  end: EndingWrite | undefined,
  whileRunning: boolean,
): Promise<RunEvent[] | null> {
  const rows = end ? await storeEventsAndEnd(runId, events, end) : await storeEvents(runId, events, whileRunning);
  if (!rows) return null;
  const stored = events.map(
    (event, index) => ({ ...event, runId, seq: rows[index].seq, at: rows[index].createdAt.toISOString() }) as RunEvent,
  );
  // Stored is what counts; live readers read a missed event back from the database.
  await publishEvents(redis, runId, stored).catch((error) =>
    console.warn(
      `run ${runId}: events ${stored[0].seq}–${stored.at(-1)!.seq} stored but not published ` +
        `(${error instanceof Error ? error.message : String(error)})`,
    ),
  );
  return stored;
}
