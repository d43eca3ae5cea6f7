/**
 * Spans as Switchboard makes them: one helper that runs work inside an active span and ends it however the work ends,
 * and the W3C trace context carried between processes — in a job's data (`traceparent`) and in HTTP headers. All of
 * it goes through @opentelemetry/api, so with tracing off (tracing.ts) every call is the API's no-op.
 */
import {
  context,
  propagation,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
  type Tracer,
} from "@opentelemetry/api";

export { SpanKind, type Attributes, type Span };

/**
 * One tracer for the process, taken at its first span. `trace.getTracer` makes a new proxy at every call (and under
 * Next.js each proxy is wrapped again: ~0.05 ms a run in the web process's profile); a proxy kept once still finds the
 * provider tracing.ts registers later, since it asks for it at each span until it has one.
 */
let kept: Tracer | undefined;
const tracer = () => (kept ??= trace.getTracer("switchboard"));

export type SpanOptions = {
  kind?: SpanKind;
  attributes?: Attributes;
  /** The context to start under (a job's or a request's); the active one otherwise. */
  parent?: Context;
  /**
   * How a thrown error reads on the span, secrets redacted. Without it only the error's class is recorded: a message
   * may quote a secret or a tool's untrusted output.
   */
  redact?: (text: string) => string;
  /** Errors that end the work without failing it (a node that suspends to wait). */
  expected?: (error: unknown) => boolean;
};

function errorText(error: unknown, redact?: (text: string) => string): string {
  if (!redact) return error instanceof Error ? error.name : "error";
  return redact(error instanceof Error ? error.message : String(error)).slice(0, 500);
}

/**
 * Runs `work` in a new span, the active one while it runs (spans started inside are its children); an error it throws
 * marks the span as failed (see SpanOptions.redact) and is thrown on.
 */
export function inSpan<T>(name: string, options: SpanOptions, work: (span: Span) => Promise<T>): Promise<T> {
  const parent = options.parent ?? context.active();
  const start = { kind: options.kind, attributes: options.attributes };
  return tracer().startActiveSpan(name, start, parent, async (span) => {
    try {
      return await work(span);
    } catch (error) {
      if (!options.expected?.(error))
        span.setStatus({ code: SpanStatusCode.ERROR, message: errorText(error, options.redact) });
      throw error;
    } finally {
      span.end();
    }
  });
}

/**
 * Like inSpan, for work that goes on after `work` returns (a stream): the span stays open for the caller to end,
 * unless `work` throws.
 */
export async function inOpenSpan<T>(name: string, options: SpanOptions, work: (span: Span) => Promise<T>): Promise<T> {
  const parent = options.parent ?? context.active();
  const span = tracer().startSpan(name, { kind: options.kind, attributes: options.attributes }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), () => work(span));
  } catch (error) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: errorText(error, options.redact) });
    span.end();
    throw error;
  }
}

/** Marks a span as failed without an exception (a tool's error result, a run that ended failed). */
export function markFailed(span: Span, message: string): void {
  span.setStatus({ code: SpanStatusCode.ERROR, message: message.slice(0, 500) });
}

/** The active trace context as a W3C `traceparent` value, to carry in a job; undefined when nothing is traced. */
export function currentTraceparent(): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** The context a carried `traceparent` (a job's, a request's header) names, to start spans under. */
export function contextFrom(traceparent: string | null | undefined): Context {
  if (!traceparent) return context.active();
  return propagation.extract(context.active(), { traceparent });
}

/**
 * The trace context of an incoming request's headers (`traceparent`, `tracestate`), unless a span is active already
 * (Next.js, serving the route, started one from the same headers).
 */
export function contextOfRequest(headers: Headers): Context {
  const traceparent = headers.get("traceparent");
  if (!traceparent || trace.getActiveSpan()) return context.active();
  return propagation.extract(context.active(), {
    traceparent,
    ...(headers.get("tracestate") ? { tracestate: headers.get("tracestate")! } : {}),
  });
}

/** Outgoing request headers with the active trace context added; the same headers when nothing is traced. */
export function withTraceHeaders<H extends HeadersInit | undefined>(headers: H): H | Headers {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  if (Object.keys(carrier).length === 0) return headers;
  const out = new Headers(headers);
  for (const [name, value] of Object.entries(carrier)) out.set(name, value);
  return out;
}

/** Runs `work` with `parent` as the active context (an incoming request's, a job's). */
export const withContext = <T>(parent: Context, work: () => T): T => context.with(parent, work);

/** A fetch that carries the active trace context on every request it sends (the MCP client's, say). */
export function tracedFetch<I>(
  fetchImpl: (input: I, init?: RequestInit) => Promise<Response>,
): (input: I, init?: RequestInit) => Promise<Response> {
  return (input, init) => fetchImpl(input, { ...init, headers: withTraceHeaders(init?.headers) });
}

/** Sets attributes on the span active now (and marks it failed with `failure`), if one is. */
export function annotateActiveSpan(attributes: Attributes, failure?: string): void {
  const span = trace.getActiveSpan();
  if (!span) return;
  span.setAttributes(attributes);
  if (failure !== undefined) markFailed(span, failure);
}
