/**
 * A real OTLP/HTTP trace receiver for tests: POST /v1/traces with the OTLP JSON encoding (what
 * @opentelemetry/exporter-trace-otlp-http sends), decoded against the OTLP schema (ExportTraceServiceRequest:
 * resourceSpans → scopeSpans → spans) and kept as flat spans with their service, attributes and parent. Anything
 * that does not decode is answered 400, as a collector would, and fails the test that reads `problems`.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";

const AnyValue: z.ZodType<unknown> = z.lazy(() =>
  z.object({
    stringValue: z.string().optional(),
    boolValue: z.boolean().optional(),
    intValue: z.union([z.string(), z.number()]).optional(),
    doubleValue: z.number().optional(),
    arrayValue: z.object({ values: z.array(AnyValue).optional() }).optional(),
  }),
);
const KeyValue = z.object({ key: z.string(), value: AnyValue });
const OtlpSpan = z.object({
  traceId: z.string().regex(/^[0-9a-f]{32}$/),
  spanId: z.string().regex(/^[0-9a-f]{16}$/),
  parentSpanId: z.string().optional(),
  name: z.string(),
  kind: z.number().int(),
  startTimeUnixNano: z.union([z.string(), z.number()]),
  endTimeUnixNano: z.union([z.string(), z.number()]),
  attributes: z.array(KeyValue).default([]),
  status: z.object({ code: z.number().int().optional(), message: z.string().optional() }).optional(),
});
const ExportTraceServiceRequest = z.object({
  resourceSpans: z.array(
    z.object({
      resource: z.object({ attributes: z.array(KeyValue).default([]) }).optional(),
      scopeSpans: z.array(z.object({ spans: z.array(OtlpSpan).default([]) })).default([]),
    }),
  ),
});

export type ReceivedSpan = {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  /** OTLP's SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  service: string;
  pid: number;
  attributes: Record<string, unknown>;
  failed: boolean;
};

function plain(value: unknown): unknown {
  const v = value as Record<string, unknown>;
  if (v.stringValue !== undefined) return v.stringValue;
  if (v.intValue !== undefined) return Number(v.intValue);
  if (v.doubleValue !== undefined) return v.doubleValue;
  if (v.boolValue !== undefined) return v.boolValue;
  return ((v.arrayValue as { values?: unknown[] } | undefined)?.values ?? []).map(plain);
}

const attributesOf = (list: z.infer<typeof KeyValue>[]) =>
  Object.fromEntries(list.map(({ key, value }) => [key, plain(value)]));

export type OtlpReceiver = {
  url: string;
  spans: ReceivedSpan[];
  /** The raw bodies received, to check that nothing secret was ever sent. */
  bodies: string[];
  problems: string[];
  close: () => Promise<void>;
};

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const bodies: string[] = [];
  const problems: string[] = [];
  const server = createServer(async (req, res) => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    if (req.method !== "POST" || req.url !== "/v1/traces") return void res.writeHead(404).end();
    if (!req.headers["content-type"]?.startsWith("application/json")) {
      problems.push(`content-type ${req.headers["content-type"]}`);
      return void res.writeHead(415).end();
    }
    bodies.push(raw);
    const decoded = ExportTraceServiceRequest.safeParse(JSON.parse(raw));
    if (!decoded.success) {
      problems.push(decoded.error.message);
      return void res.writeHead(400).end();
    }
    for (const resourceSpans of decoded.data.resourceSpans) {
      const resource = attributesOf(resourceSpans.resource?.attributes ?? []);
      for (const span of resourceSpans.scopeSpans.flatMap((scope) => scope.spans))
        spans.push({
          ...span,
          parentSpanId: span.parentSpanId || undefined,
          service: String(resource["service.name"]),
          pid: Number(resource["process.pid"]),
          attributes: attributesOf(span.attributes),
          failed: span.status?.code === 2,
        });
    }
    res.writeHead(200, { "content-type": "application/json" }).end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    bodies,
    problems,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
