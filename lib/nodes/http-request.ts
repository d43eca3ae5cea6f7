/** HTTP Request: fetches a URL. In tool mode the agent supplies the URL (and body); method and headers stay bound. */
import { z } from "zod";
import { defineComponent } from "./types";
import { guardedFetch } from "../net/guarded-fetch";
import { appBaseUrl } from "../platform/app-url";
import { HttpStatusError, parseRetryAfter } from "../net/http-status-error";

const MAX_BODY_CHARS = 20_000;

export const httpRequest = defineComponent({
  id: "core.http.request",
  label: "HTTP Request",
  category: "Tools",
  icon: "globe",
  description:
    'Sends an HTTP request and returns the status and body; a status that is not 2xx fails the node unless "Hand on ' +
    'any status" is on. Relative URLs call this Switchboard server.',
  inputs: [
    {
      name: "url",
      label: "URL",
      schema: {
        type: "string",
        description: "Absolute URL, or a path on this Switchboard server such as /api/workflows",
      },
    },
    { name: "body", label: "Body", schema: { type: "string", description: "Request body (for POST, PUT, PATCH)" } },
  ],
  outputs: [
    { name: "status", label: "Status", schema: { type: "number" } },
    { name: "body", label: "Body", schema: { type: "string" } },
  ],
  fields: [
    {
      name: "method",
      label: "Method",
      kind: "select",
      options: ["GET", "POST", "PUT", "PATCH", "DELETE"].map((m) => ({ value: m, label: m })),
    },
    {
      name: "url",
      label: "URL",
      kind: "text",
      required: true,
      placeholder: "https://example.com/api or /api/workflows",
    },
    { name: "headers", label: "Headers", kind: "key-value", placeholder: "Accept" },
    { name: "body", label: "Body", kind: "textarea" },
    { name: "timeoutMs", label: "Timeout (ms)", kind: "number" },
    {
      name: "anyStatus",
      label: "Hand on any status",
      kind: "boolean",
      help:
        "Off: a status that is not 2xx fails the node (so retries and On error apply). On: every answer is " +
        "handed on with its status.",
    },
  ],
  tool: {
    name: "http_request",
    description: "Make an HTTP request and get back the response status and body.",
    agentInputs: ["url"],
  },
  params: z.object({
    method: z.enum(["GET", "POST", "PUT", "PATCH", "DELETE"]).default("GET"),
    url: z.string().min(1, "URL is required"),
    headers: z.record(z.string(), z.string()).default({}),
    body: z.string().default(""),
    timeoutMs: z.number().int().positive().max(300_000).default(30_000),
    anyStatus: z.boolean().default(false),
  }),
  // GET is a read; anything else may have changed something the first time.
  harmlessToRepeat: (params) => params.method === "GET",
  async execute({ params, signal, outboundSecrets }) {
    const own = new URL(appBaseUrl());
    const url = new URL(params.url, own);
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new Error(`url: only http and https are supported, got ${url.protocol}`);
    }
    const hasBody = params.method !== "GET" && params.method !== "DELETE" && params.body !== "";
    // Private, loopback (in production) and metadata addresses are refused, redirects included; this Switchboard itself
    // is not.
    const response = await guardedFetch(
      url,
      {
        method: params.method,
        headers: params.headers,
        body: hasBody ? params.body : undefined,
        signal: AbortSignal.any([signal, AbortSignal.timeout(params.timeoutMs)]),
      },
      { secrets: outboundSecrets, trustedOrigins: [own.origin] },
    );
    const text = await response.text();
    if (!response.ok && !params.anyStatus)
      throw statusError(response, text, `${params.method} ${url.origin}${url.pathname}`);
    if (text.length > MAX_BODY_CHARS) {
      return {
        status: response.status,
        body: `${text.slice(0, MAX_BODY_CHARS)}… [truncated ${text.length - MAX_BODY_CHARS} chars]`,
      };
    }
    return { status: response.status, body: isJson(response.headers.get("content-type")) ? parseJsonOr(text) : text };
  },
});

/** A failed answer as an error: its status, what it said (the start of it), and the wait it asked for. */
function statusError(response: Response, text: string, request: string): HttpStatusError {
  const said = text.trim() ? `: ${text.trim().slice(0, 200)}` : "";
  const statusText = response.statusText ? ` ${response.statusText}` : "";
  const message = `${request} answered ${response.status}${statusText}${said}`;
  return new HttpStatusError(message, response.status, parseRetryAfter(response.headers.get("retry-after")));
}

const isJson = (contentType: string | null) => contentType !== null && /[/+]json\b/i.test(contentType);

/** A JSON body is handed on as data, so the agent and downstream nodes see `body.status`, not an escaped string. */
function parseJsonOr(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
