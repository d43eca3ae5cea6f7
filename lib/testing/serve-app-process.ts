/**
 * A web process of its own for tests of what holds across processes (statelessness behind a load
 * balancer): serves the app's route handlers (app-routes.ts) on a free port of 127.0.0.1 and
 * prints "web ready at URL". Started by web-process.ts; SIGTERM closes it.
 */
import { startTracing } from "../telemetry/tracing";
import { appRoutes } from "./app-routes";
import { serveRoutes } from "./serve-web-handler";

startTracing("switchboard-web"); // as instrumentation.ts does for the real web app
const served = await serveRoutes(appRoutes);
console.log(`web ready at ${served.url} (pid ${process.pid})`);

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => void served.close().then(() => process.exit(0)));
}
