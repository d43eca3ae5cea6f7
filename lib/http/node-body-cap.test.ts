/**
 * A server that, like Next.js, reads a whole body before answering: capped, a 50 MB chunked body is refused 413 as it
 * arrives.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { MB, rawRequest } from "../testing/raw-http";
import { capRequestBody } from "./node-body-cap";

let server: Server | undefined;
afterEach(
  () =>
    new Promise<void>((resolve) =>
      server ? (server.closeAllConnections(), server.close(() => resolve())) : resolve(),
    ),
);

/** Reads the body to its end, then answers with its size (what Next does before its proxy runs). */
async function readWhole(req: IncomingMessage, res: ServerResponse): Promise<void> {
  let size = 0;
  for await (const chunk of req) size += (chunk as Buffer).length;
  if (!res.headersSent) res.end(String(size));
}

async function serve(cap: number | null): Promise<string> {
  server = createServer((req, res) => {
    if (cap !== null) capRequestBody(req, cap, () => res.writeHead(413, { connection: "close" }).end("too large"));
    void readWhole(req, res).catch(() => undefined);
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const post = (url: string, bytes: number) =>
  rawRequest(url, `POST / HTTP/1.1\nHost: 127.0.0.1\nTransfer-Encoding: chunked\n`, bytes);

describe("capRequestBody", () => {
  it("answers 413 once a chunked body passes the limit, long before 50 MB have been sent", async () => {
    const answer = await post(await serve(MB), 50 * MB);
    expect(answer.status).toBe(413);
    expect(answer.bodySent).toBeLessThan(10 * MB);
  });

  it("without it, such a server reads all 50 MB before answering", async () => {
    const answer = await post(await serve(null), 50 * MB);
    expect(answer).toMatchObject({ status: 200, bodySent: 50 * MB });
  });

  it("passes a body within the limit through whole", async () => {
    const url = await serve(MB);
    const answer = await rawRequest(
      url,
      `POST / HTTP/1.1\nHost: 127.0.0.1\nContent-Length: 5\nConnection: close\n\nhello`,
    );
    expect(answer.status).toBe(200);
  });
});
