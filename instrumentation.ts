/**
 * Next.js start-up hook (under `next dev`, and under npm start's own server, lib/platform/web-server.ts, which runs
 * Next's request handler): OpenTelemetry tracing when an OTLP endpoint is set (lib/telemetry/tracing.ts), the owner
 * account from SWITCHBOARD_ADMIN_EMAIL/PASSWORD (headless set-up) and, on a fresh install, the example workflow.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startTracing } = await import("./lib/telemetry/tracing");
  startTracing("switchboard-web");
  const { ensureOwnerFromEnv } = await import("./lib/auth/accounts");
  const { ensureExampleWorkflow } = await import("./lib/workflow-store/example");
  try {
    const owner = await ensureOwnerFromEnv();
    if (owner) console.log(`Created the owner account ${owner} from SWITCHBOARD_ADMIN_EMAIL`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
  }
  try {
    await ensureExampleWorkflow();
  } catch (error) {
    console.error("Could not create the example workflow:", error instanceof Error ? error.message : error);
  }
}
