/** Liveness and readiness: answers 200 only when Redis and the database both answer. */
import { getDb } from "@/lib/db/client";
import { sharedRedis } from "@/lib/queue/redis";

export const dynamic = "force-dynamic";

async function check(probe: () => Promise<unknown>): Promise<"ok" | string> {
  try {
    await probe();
    return "ok";
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

export async function GET() {
  const [redis, database] = await Promise.all([check(() => sharedRedis().ping()), check(() => getDb().$queryRaw`SELECT 1`)]);
  const ok = redis === "ok" && database === "ok";
  return Response.json({ status: ok ? "ok" : "degraded", redis, database }, { status: ok ? 200 : 503 });
}
