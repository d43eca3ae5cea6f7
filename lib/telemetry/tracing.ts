/**
 * OpenTelemetry tracing for a Switchboard process (the web app: instrumentation.ts; a worker: workers/main.ts), with
 * the official SDK: spans are batched and sent over OTLP/HTTP to where the standard OTEL_EXPORTER_OTLP_ENDPOINT or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT points (the exporter reads them and OTEL_EXPORTER_OTLP_HEADERS itself; the batch's
 * delay is OTEL_BSP_SCHEDULE_DELAY, 5000 ms by default). With neither set, nothing is registered: the API's no-op
 * tracer answers every span for next to nothing and no `traceparent` is sent anywhere. OTEL_SDK_DISABLED=true turns it
 * off too. The service is "switchboard-web" or "switchboard-worker" unless OTEL_SERVICE_NAME says otherwise.
 */
import { context, propagation, trace } from "@opentelemetry/api";
import { AsyncLocalStorageContextManager } from "@opentelemetry/context-async-hooks";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, TracerProvider } from "@opentelemetry/sdk-trace";
import { ATTR_SERVICE_NAME } from "@opentelemetry/semantic-conventions";

type Tracing = { provider: TracerProvider; serviceName: string };

// On globalThis: Next loads the instrumentation hook and the route bundles as separate module graphs.
const holder = globalThis as unknown as { switchboardTracing?: Tracing };

/** Whether spans are exported: an OTLP endpoint is configured and the SDK is not disabled. */
export function tracingConfigured(env: Record<string, string | undefined> = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.toLowerCase() === "true") return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT);
}

const envNumber = (name: string) => {
  const value = Number(process.env[name]);
  return process.env[name] && Number.isFinite(value) && value >= 0 ? value : undefined;
};

/**
 * Starts exporting this process's spans as `serviceName` (OTEL_SERVICE_NAME wins), once; false when tracing is not
 * configured.
 */
export function startTracing(serviceName: string): boolean {
  if (holder.switchboardTracing) return true;
  if (!tracingConfigured()) return false;
  const name = process.env.OTEL_SERVICE_NAME || serviceName;
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: name, "process.pid": process.pid }),
    spanProcessors: [
      new BatchSpanProcessor({
        exporter: new OTLPTraceExporter(),
        scheduledDelayMillis: envNumber("OTEL_BSP_SCHEDULE_DELAY"),
      }),
    ],
  });
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
  holder.switchboardTracing = { provider, serviceName: name };
  return true;
}

/** Whether this process exports spans (startTracing succeeded). */
export const tracingStarted = (): boolean => holder.switchboardTracing !== undefined;

/** Sends what is still batched (a process about to exit calls it); nothing when tracing is off. */
export async function flushTracing(): Promise<void> {
  await holder.switchboardTracing?.provider.forceFlush().catch(() => undefined);
}
