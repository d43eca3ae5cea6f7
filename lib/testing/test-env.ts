/** Where integration tests keep their state: their own database and Redis db index (see test-slot.ts). */
import { tmpdir } from "node:os";
import path from "node:path";
import { testDatabaseUrl, testRedisUrl } from "./test-slot.ts";

export const integrationEnv = {
  DATABASE_URL: process.env.TEST_DATABASE_URL ?? testDatabaseUrl("test"),
  REDIS_URL: process.env.TEST_REDIS_URL ?? testRedisUrl("test"),
  // Host-access components are off by default (lib/settings/host-tools.ts); most suites use them. Tests of the refusal
  // unset it locally.
  SWITCHBOARD_HOST_TOOLS: "1",
  // Knowledge bases' vectors (LanceDB files): per slot, away from `npm start`'s `.data/knowledge`.
  SWITCHBOARD_KNOWLEDGE_DIR: path.join(
    tmpdir(),
    `switchboard-knowledge-test-${process.env.SWITCHBOARD_TEST_SLOT ?? "0"}`,
  ),
};
