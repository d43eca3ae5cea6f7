/** Integration tests run against a dedicated, freshly migrated database and an emptied Redis db index. */
import { prepareTestDatabase } from "../db/test-database";
import { createRedis } from "../queue/redis";
import { integrationEnv } from "./test-env";

export default async function setup() {
  Object.assign(process.env, integrationEnv);
  await prepareTestDatabase();
  const redis = createRedis();
  await redis.flushdb();
  redis.disconnect();
}
