/** Where integration tests keep their state: their own database and Redis db index (see test-slot.ts). */
import { testDatabaseUrl, testRedisUrl } from "./test-slot.ts";

export const integrationEnv = {
  DATABASE_URL: process.env.TEST_DATABASE_URL ?? testDatabaseUrl("test"),
  REDIS_URL: process.env.TEST_REDIS_URL ?? testRedisUrl("test"),
};
