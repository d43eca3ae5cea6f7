/**
 * For tests of the run path's statements: the plan PostgreSQL caches for a named prepared statement once it stops
 * planning per call (a generic plan, blind to the parameters' values), which is the plan every later call runs. The
 * statements an action sends through the shared pool (lib/db/sql.ts) are captured as they go (they run for real), then
 * prepared and explained on a connection of their own with plan_cache_mode = force_generic_plan.
 */
import pg from "pg";
import { getPool } from "../db/sql";

type PlanNode = { "Node Type": string; "Relation Name"?: string; Plans?: PlanNode[] };
type Statement = { text: string; values: unknown[] };

async function capture(action: () => Promise<unknown>): Promise<Statement[]> {
  const pool = getPool();
  const query = pool.query;
  const sent: Statement[] = [];
  pool.query = ((config: unknown, ...rest: unknown[]) => {
    if (typeof config === "object" && config !== null && "text" in config)
      sent.push({ text: String(config.text), values: (config as { values?: unknown[] }).values ?? [] });
    return (query as (...args: unknown[]) => unknown).call(pool, config, ...rest);
  }) as typeof pool.query;
  try {
    await action();
  } finally {
    pool.query = query;
  }
  if (sent.length === 0) throw new Error("generic-plan: the action sent no statement");
  return sent;
}

const literal = (client: pg.Client, value: unknown) => {
  if (value === null || value === undefined) return "NULL";
  // An array as PostgreSQL's array literal, each element double-quoted and escaped (JSON's escapes are the same).
  if (Array.isArray(value)) return client.escapeLiteral(`{${value.map((item) => JSON.stringify(item)).join(",")}}`);
  return client.escapeLiteral(String(value));
};

/** Each statement `action` sends (by its first words) with the tables its generic plan reads by a sequential scan. */
export async function sequentialScansOf(action: () => Promise<unknown>): Promise<Record<string, string[]>> {
  const statements = await capture(action);
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query("SET plan_cache_mode = force_generic_plan");
    const found: Record<string, string[]> = {};
    for (const [index, { text, values }] of statements.entries()) {
      await client.query(`PREPARE generic_plan_${index} AS ${text}`);
      const args = values.map((value) => literal(client, value)).join(", ");
      const { rows } = await client.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
        `EXPLAIN (FORMAT JSON) EXECUTE generic_plan_${index}${values.length ? `(${args})` : ""}`,
      );
      const scans: string[] = [];
      const walk = (node: PlanNode) => {
        if (node["Node Type"] === "Seq Scan") scans.push(node["Relation Name"] ?? "?");
        node.Plans?.forEach(walk);
      };
      walk(rows[0]["QUERY PLAN"][0].Plan);
      found[text.replace(/\s+/g, " ").trim().slice(0, 60)] = scans;
    }
    return found;
  } finally {
    await client.end();
  }
}
