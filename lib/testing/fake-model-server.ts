/**
 * What the fake model servers share: a real HTTP server on a free loopback port that reads each
 * request's body, records it (path, query, headers, parsed JSON) and hands it to the fake's own
 * handler with the number of POSTs so far (model calls); and the scripted reply for a call, in order.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { ScriptedReply } from "./fake-chat-completions";

export type RecordedRequest<B = Record<string, unknown>> = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: B;
};

/** `handle` answers; it returns false for a request the fake does not know (answered 404). */
export async function startRecordingServer<B>(
  handle: (request: RecordedRequest<B>, res: ServerResponse, count: number) => boolean | Promise<boolean>,
) {
  const received: RecordedRequest<B>[] = [];
  const server = createServer(async (req, res) => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const url = new URL(req.url ?? "/", "http://fake");
    const request = {
      method: req.method ?? "GET",
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: (raw ? JSON.parse(raw) : {}) as B,
    };
    received.push(request);
    const calls = received.filter((each) => each.method === "POST").length;
    if (!(await handle(request, res, calls))) res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => server.close(),
  };
}

/** The reply for the `count`th model call: the script in order, its last reply repeated. */
export const replyFor = (replies: ScriptedReply[], count: number) => replies[Math.min(count - 1, replies.length - 1)];

export const sendJson = (res: ServerResponse, body: unknown, status = 200) =>
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
