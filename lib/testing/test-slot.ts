/**
 * Where each test suite keeps its state, so suites never touch a developer's `npm start` data
 * (Redis db 0, the `.data/` database) or each other. SWITCHBOARD_TEST_SLOT=N (0–9) lets several
 * checkouts on one machine run the suites at the same time: each slot gets its own databases,
 * Redis db indexes and end-to-end port. Slot 0 is the default. Slots 5–9 use Redis dbs 16 and up,
 * so they need a Redis started with `--databases 32`.
 */
export type TestSuite = "test" | "e2e" | "bench";

const MAX_SLOT = 9;
const SLOTS_IN_16_DBS = 5;
const slot = Number(process.env.SWITCHBOARD_TEST_SLOT ?? "0");
if (!Number.isInteger(slot) || slot < 0 || slot > MAX_SLOT) {
  throw new Error(
    `SWITCHBOARD_TEST_SLOT must be an integer from 0 to ${MAX_SLOT}, got "${process.env.SWITCHBOARD_TEST_SLOT}"`,
  );
}

const REDIS_DB_OFFSET: Record<TestSuite, number> = { test: 0, e2e: 1, bench: 2 };

/** `switchboard_test`, `switchboard_e2e_2`, …: names prepareTestDatabase agrees to drop. */
export function testDatabaseName(suite: TestSuite): string {
  return `switchboard_${suite}${slot === 0 ? "" : `_${slot}`}`;
}

export function testDatabaseUrl(suite: TestSuite): string {
  return `postgresql://root@127.0.0.1:5432/${testDatabaseName(suite)}`;
}

/**
 * Slot 0 uses Redis dbs 15, 14, 13; slot 1 uses 12, 11, 10; and so on down to 1; slot 5 uses 16, 17, 18, and so on up.
 */
export function testRedisUrl(suite: TestSuite): string {
  const db =
    slot < SLOTS_IN_16_DBS
      ? 15 - slot * 3 - REDIS_DB_OFFSET[suite]
      : 16 + (slot - SLOTS_IN_16_DBS) * 3 + REDIS_DB_OFFSET[suite];
  return `redis://127.0.0.1:6379/${db}`;
}

export const E2E_PORT = 3210 + slot;
