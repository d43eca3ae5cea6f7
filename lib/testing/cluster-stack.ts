/**
 * The scale-out setting for a test file: a real three-master Redis Cluster (own-redis-cluster.ts) and PgBouncer in
 * transaction mode (own-pgbouncer.ts) in front of the slot's own database, with this process — and the worker
 * processes it starts, which inherit its environment — pointed at them. Register it before crashRig() so the cluster
 * is up before the rig's stack starts, and torn down after it.
 */
import { afterAll, beforeAll } from "vitest";
import { getPool } from "../db/sql";
import { prepareTestDatabase } from "../db/test-database";
import { closeQueues } from "../queue/queues";
import { sharedRedis } from "../queue/redis";
import { startOwnPgBouncer, type OwnPgBouncer } from "./own-pgbouncer";
import { startOwnRedisCluster, type OwnRedisCluster } from "./own-redis-cluster";
import { testDatabaseName } from "./test-slot";

export type ClusterStack = { readonly redis: OwnRedisCluster; readonly pgbouncer: OwnPgBouncer };

export function clusterStack(): ClusterStack {
  let redis: OwnRedisCluster | undefined;
  let pgbouncer: OwnPgBouncer | undefined;
  beforeAll(async () => {
    redis = await startOwnRedisCluster();
    // Migrations go straight to PostgreSQL (a pooler in transaction mode is for the application, not for DDL).
    const direct = await prepareTestDatabase({
      url: `postgresql://root@127.0.0.1:5432/${testDatabaseName("test")}_cluster`,
    });
    pgbouncer = await startOwnPgBouncer(direct);
    process.env.REDIS_CLUSTER_NODES = redis.nodes;
    process.env.DATABASE_URL = pgbouncer.url;
  }, 120_000);
  afterAll(async () => {
    await closeQueues();
    sharedRedis().disconnect();
    await getPool()
      .end()
      .catch(() => undefined);
    await pgbouncer?.stop();
    await redis?.stop();
  });
  return {
    get redis() {
      if (!redis) throw new Error("clusterStack: the cluster starts in beforeAll");
      return redis;
    },
    get pgbouncer() {
      if (!pgbouncer) throw new Error("clusterStack: PgBouncer starts in beforeAll");
      return pgbouncer;
    },
  };
}
