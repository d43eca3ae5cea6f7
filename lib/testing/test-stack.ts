/**
 * The whole run path inside one test process: the real API and gateway route handlers on a real
 * port, and the real BullMQ workers. SWITCHBOARD_URL points the worker's agents at that port.
 * The stack signs its requests with the API key of a fresh account made through better-auth, an
 * admin unless asked otherwise (suites build workflows with host-access nodes, which only admins add).
 */
import { startWorkers, type RunningWorkers } from "../runs/start-workers";
import { startScheduleKeeper, type ScheduleKeeperOptions } from "../triggers/schedule-keeper";
import type { Role } from "../auth/roles";
import { apiClient, type ApiClient } from "./api-client";
import { appRoutes } from "./app-routes";
import { serveRoutes, type ServedRoutes } from "./serve-web-handler";
import { createTestAccount, type TestAccount } from "./test-accounts";

export type TestStack = ApiClient & { account: TestAccount; close: () => Promise<void> };

/**
 * `runConcurrency` defaults to 4 for tests; the bench passes the production default. `schedules`: the workers' schedule
 * keeper's settings.
 */
export async function startTestStack({
  workers = true,
  role = "admin" as Role,
  runConcurrency = 4,
  schedules = {} as ScheduleKeeperOptions,
} = {}): Promise<TestStack> {
  const served: ServedRoutes = await serveRoutes(appRoutes);
  process.env.SWITCHBOARD_URL = served.url;
  const account = await createTestAccount(role);
  const running: RunningWorkers | undefined = workers
    ? await startWorkers({ runConcurrency, toolCallConcurrency: 8 })
    : undefined;
  const keeper = workers ? await startScheduleKeeper(schedules) : undefined;
  return {
    ...apiClient(served.url, account.headers),
    account,
    close: async () => {
      keeper?.close();
      await running?.close();
      await served.close();
    },
  };
}
