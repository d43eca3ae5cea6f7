/**
 * The waiting-agents scenario's own process (started by waiting-agents-scenario.ts): a database and
 * a redis-server of its own, so no other stack's workers or sweeper take its runs, and none of its
 * runs count against theirs. Prints its rows and figures as one JSON line after BENCH_RESULT.
 */
import { testDatabaseUrl } from "../../lib/testing/test-slot";

process.env.DATABASE_URL = `${testDatabaseUrl("bench")}_agents`;
const { prepareTestDatabase } = await import("../../lib/db/test-database");
await prepareTestDatabase({ url: process.env.DATABASE_URL });
const { benchWaitingAgents } = await import("./waiting-agents-scenario");
const result = await benchWaitingAgents();
console.log(`BENCH_RESULT ${JSON.stringify(result)}`);
process.exit(0);
