/**
 * Liveness and readiness, for people and load balancers alike (no credentials): 200 only when Redis and the database
 * both answer.
 */
import { getDb } from "@/lib/db/client";
import { checkRequest, refusalResponse } from "@/lib/http/perimeter";
import { sharedRedis } from "@/lib/queue/redis";

export const dynamic = "force-dynamic";

async function check(name: string, probe: () => Promise<unknown>): Promise<"ok" | "down"> {
  try {
    await probe();
    return "ok";
  } catch (error) {
    // The reason goes to the log, not to whoever asked: it may name internal hosts.
    console.warn(`health: ${name} is down: ${error instanceof Error ? error.message : String(error)}`);
    return "down";
  }
}

export async function GET(request: Request) {
  const refusal = checkRequest(request);
  if (refusal) return refusalResponse(refusal);
  const [redis, database] = await Promise.all([
    check("redis", () => sharedRedis().ping()),
    check("database", () => getDb().$queryRaw`SELECT 1`),
  ]);
  const ok = redis === "ok" && database === "ok";
  return Response.json({ status: ok ? "ok" : "degraded", redis, database }, { status: ok ? 200 : 503 });
}
