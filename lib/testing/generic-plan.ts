/**
 * For tests of the run path's statements: the plan PostgreSQL caches for a named prepared statement once it stops
 * planning per call (a generic plan, blind to the parameters' values), which is the plan every later call runs. A
 * statement is captured through the `query` option the run path's functions take, then prepared and explained on a
 * connection of its own with plan_cache_mode = force_generic_plan, and nothing is executed.
 */
import pg from "pg";
import type { SqlTag } from "../db/sql";

type PlanNode = { "Node Type": string; "Relation Name"?: string; Plans?: PlanNode[] };

/** What `statement` sends through the tag it is given: its text ($1, $2…) and values. */
async function capture(statement: (query: SqlTag) => Promise<unknown>): Promise<{ text: string; values: unknown[] }> {
  let captured: { text: string; values: unknown[] } | undefined;
  const query = (async (strings: TemplateStringsArray, ...values: unknown[]) => {
    captured ??= { text: strings.reduce((text, part, index) => `${text}$${index}${part}`), values };
    return [];
  }) as SqlTag;
  // Answered with no rows, it may go on to ask why: only its first query counts.
  await statement(query).catch(() => undefined);
  if (!captured) throw new Error("generic-plan: the statement sent no query");
  return captured;
}

const literal = (client: pg.Client, value: unknown) =>
  value === null || value === undefined ? "NULL" : client.escapeLiteral(String(value));

/** The tables `statement`'s first query reads with a sequential scan in its generic plan. */
export async function sequentialScansOf(statement: (query: SqlTag) => Promise<unknown>): Promise<string[]> {
  const { text, values } = await capture(statement);
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query("SET plan_cache_mode = force_generic_plan");
    await client.query(`PREPARE generic_plan_probe AS ${text}`);
    const args = values.map((value) => literal(client, value)).join(", ");
    const { rows } = await client.query<{ "QUERY PLAN": [{ Plan: PlanNode }] }>(
      `EXPLAIN (FORMAT JSON) EXECUTE generic_plan_probe${values.length ? `(${args})` : ""}`,
    );
    const scans: string[] = [];
    const walk = (node: PlanNode) => {
      if (node["Node Type"] === "Seq Scan") scans.push(node["Relation Name"] ?? "?");
      node.Plans?.forEach(walk);
    };
    walk(rows[0]["QUERY PLAN"][0].Plan);
    return scans;
  } finally {
    await client.end();
  }
}
