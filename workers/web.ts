/**
 * The web process npm start supervises (workers/start.ts) and the e2e stack starts: Next.js in
 * production mode with the hot routes served directly (lib/platform/web-server.ts), on HOST:PORT.
 * SIGTERM or SIGINT closes it.
 */
// Before Next.js loads: it reads the mode once. Next.js's mode is not the operator's, though: what
// the operator set is kept for the rules that depend on it (loopback addresses, lib/net/address-policy.ts).
Object.assign(process.env, { SWITCHBOARD_OPERATOR_NODE_ENV: process.env.NODE_ENV ?? "", NODE_ENV: "production" });
process.title = "switchboard-web";
const { startWebServer } = await import("../lib/platform/web-server");
const { flushMetrics } = await import("../lib/metrics/metrics");
const { flushTracing } = await import("../lib/telemetry/tracing");

const hostname = process.env.HOST ?? "127.0.0.1";
const port = Number(process.env.PORT ?? 3000);
const server = await startWebServer({ hostname, port });
console.log(`web ready at ${server.url} (pid ${process.pid})`);

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, () => {
    // Open connections (an SSE stream, a keep-alive socket) must not hold the exit up for long.
    setTimeout(() => process.exit(0), 5_000).unref();
    // What this process counted and traced in its last second goes out before it does.
    void server
      .close()
      .then(() => Promise.all([flushMetrics().catch(() => undefined), flushTracing()]))
      .then(() => process.exit(0));
  });
}

export {};
