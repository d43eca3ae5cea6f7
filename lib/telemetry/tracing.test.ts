import { describe, expect, it } from "vitest";
import { currentTraceparent, inSpan, withTraceHeaders } from "./spans";
import { startTracing, tracingConfigured, tracingStarted } from "./tracing";

describe("tracing", () => {
  it("is configured by the standard OTLP endpoint variables, and off when the SDK is disabled", () => {
    expect(tracingConfigured({})).toBe(false);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" })).toBe(true);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: "http://collector:4318/v1/traces" })).toBe(true);
    expect(tracingConfigured({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318", OTEL_SDK_DISABLED: "true" })).toBe(false);
  });

  it("registers nothing without an endpoint: spans are no-ops and no traceparent goes out", async () => {
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    delete process.env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
    expect(startTracing("switchboard-test")).toBe(false);
    expect(tracingStarted()).toBe(false);
    const headers = { accept: "application/json" };
    await inSpan("work", {}, async (span) => {
      expect(span.isRecording()).toBe(false);
      expect(currentTraceparent()).toBeUndefined();
      expect(withTraceHeaders(headers)).toBe(headers); // the very same headers, untouched
    });
  });

  it("with an endpoint, records spans and carries their context as a W3C traceparent", async () => {
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = "http://127.0.0.1:9"; // nothing listens: exports just fail
    expect(startTracing("switchboard-test")).toBe(true);
    await inSpan("outer", {}, async (outer) => {
      expect(outer.isRecording()).toBe(true);
      const traceparent = currentTraceparent();
      expect(traceparent).toBe(`00-${outer.spanContext().traceId}-${outer.spanContext().spanId}-01`);
      expect(new Headers(withTraceHeaders({ accept: "x" })).get("traceparent")).toBe(traceparent);
    });
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  });
});
