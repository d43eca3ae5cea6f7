/**
 * Plain SQL on the same connection pool Prisma uses, for the few statements on the run path where
 * Prisma's query compiler costs more than the query itself (claiming a run, storing an event batch,
 * ending a run, starting one). Values are always sent as parameters, never spliced into the text.
 * Behind a pooler in transaction mode (PgBouncer), `pgbouncer=true` in DATABASE_URL turns named
 * prepared statements off: consecutive transactions land on different server connections, which
 * would not know the names (PgBouncer 1.18 does not track them).
 */
import { createHash } from "node:crypto";
import pg from "pg";

// On globalThis so Next.js dev reloads (and its separate route/action bundles) share one pool.
const holder = globalThis as unknown as { switchboardPool?: pg.Pool };

export function getPool(): pg.Pool {
  if (holder.switchboardPool) return holder.switchboardPool;
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString)
    throw new Error("DATABASE_URL is not set: it must name the PostgreSQL database Switchboard uses");
  holder.switchboardPool = new pg.Pool({ connectionString, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  return holder.switchboardPool;
}

const TIMESTAMP_WITHOUT_TIME_ZONE = 1114;
const BIGINT = 20;
// Prisma stores `DateTime` as UTC in `timestamp(3)` columns; counts come back as bigint.
const types = {
  getTypeParser: (oid: number, format?: "text" | "binary") => {
    if (oid === TIMESTAMP_WITHOUT_TIME_ZONE) return (text: string) => new Date(`${text.replace(" ", "T")}Z`);
    if (oid === BIGINT) return (text: string) => Number(text);
    return pg.types.getTypeParser(oid, format);
  },
};

/**
 * Each statement's text ($1, $2… where the values go) and its name. A template's strings are one
 * object per place in the code, so this is worked out once per statement; named, the statement is
 * parsed and planned once per connection and only bound and executed after that — on the run path
 * the planning cost PostgreSQL as much CPU as the execution. The name comes from the text, so the
 * same text always has the same name (a dev reload makes new template objects, not new names).
 */
const statements = new WeakMap<TemplateStringsArray, { text: string; name?: string }>();

/** False when DATABASE_URL says a transaction-mode pooler sits in front of PostgreSQL (`pgbouncer=true`). */
export function namedStatementsAllowed(url = process.env.DATABASE_URL ?? ""): boolean {
  return !/[?&]pgbouncer=true(&|$)/.test(url);
}

function statementOf(strings: TemplateStringsArray) {
  let statement = statements.get(strings);
  if (!statement) {
    const text = strings.reduce((query, part, index) => `${query}$${index}${part}`);
    const name = `sb_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
    statement = namedStatementsAllowed() ? { text, name } : { text };
    statements.set(strings, statement);
  }
  return statement;
}

function run(strings: TemplateStringsArray, values: unknown[]) {
  return getPool().query({ ...statementOf(strings), values, types } as pg.QueryConfig);
}

/** Runs a tagged-template query: sql`SELECT … WHERE id = ${id}` sends `id` as $1. Answers the rows. */
export async function sql<Row = Record<string, unknown>>(
  strings: TemplateStringsArray,
  ...values: unknown[]
): Promise<Row[]> {
  return (await run(strings, values)).rows as Row[];
}

/** Like sql`…` for statements whose row count is the answer (UPDATE, DELETE). */
export async function sqlCount(strings: TemplateStringsArray, ...values: unknown[]): Promise<number> {
  return (await run(strings, values)).rowCount ?? 0;
}

/** sql`…` bound to one connection (a transaction's). */
export type SqlTag = <Row = Record<string, unknown>>(
  strings: TemplateStringsArray,
  ...values: unknown[]
) => Promise<Row[]>;

/**
 * Runs `work` in one transaction on one pooled connection, committing what it did or rolling back
 * when it throws. Each statement in READ COMMITTED sees what others committed before it began, so a
 * lock taken by one statement (pg_advisory_xact_lock, FOR UPDATE) serialises what the next ones read.
 */
export async function inTransaction<T>(work: (tx: SqlTag) => Promise<T>): Promise<T> {
  const client = await getPool().connect();
  const tx: SqlTag = async <Row>(strings: TemplateStringsArray, ...values: unknown[]) =>
    (await client.query({ ...statementOf(strings), values, types } as pg.QueryConfig)).rows as Row[];
  try {
    await client.query("BEGIN");
    const result = await work(tx);
    await client.query("COMMIT");
    return result;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
