/**
 * requestFetch answers as fetch does, against a real HTTP server: status, headers, bodies, event streams, aborts,
 * refusals; through a dispatcher (the guarded fetch's), it connects only where that dispatcher lets it.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { Agent } from "undici";
import { guardedLookup } from "./guarded-lookup";
import { requestFetch, requestThrough } from "./request-fetch";

const servers: Server[] = [];
afterEach(() => servers.splice(0).forEach((server) => (server.closeAllConnections(), server.close())));

async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("requestFetch", () => {
  it("sends the method, headers and body, and answers with status, headers and a readable body", async () => {
    const url = await serve((req, res) => {
      let body = "";
      req.on("data", (chunk) => (body += chunk));
      req.on("end", () => {
        res.setHeader("set-cookie", ["a=1", "b=2"]);
        res
          .writeHead(201, {
            "content-type": "application/json",
            "x-seen": `${req.method} ${req.headers.authorization}`,
          })
          .end(JSON.stringify({ echoed: JSON.parse(body) }));
      });
    });
    const response = await requestFetch(`${url}/x`, {
      method: "POST",
      headers: new Headers({ authorization: "Bearer t", "content-type": "application/json" }),
      body: JSON.stringify({ n: 1 }),
    });
    expect(response).toBeInstanceOf(Response);
    expect([response.status, response.ok, response.statusText]).toEqual([201, true, "Created"]);
    expect(response.headers.get("x-seen")).toBe("POST Bearer t");
    expect(response.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    expect(await response.json()).toEqual({ echoed: { n: 1 } });
  });

  it("answers 202 and 204 with no body, and leaves a redirect unfollowed unless told to refuse it", async () => {
    const url = await serve((req, res) => {
      if (req.url === "/accepted") return res.writeHead(202).end();
      if (req.url === "/empty") return res.writeHead(204).end();
      res.writeHead(307, { location: "/elsewhere" }).end();
    });
    expect((await requestFetch(`${url}/accepted`, { method: "POST", body: "{}" })).status).toBe(202);
    expect((await requestFetch(`${url}/empty`)).body).toBeNull();
    const redirect = await requestFetch(`${url}/moved`, { redirect: "manual" });
    expect([redirect.status, redirect.headers.get("location")]).toEqual([307, "/elsewhere"]);
    await expect(requestFetch(`${url}/moved`, { redirect: "error" })).rejects.toThrow(TypeError);
  });

  it("passes an event stream on as it arrives", async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { "content-type": "text/event-stream" });
      res.write("data: one\n\n");
      setTimeout(() => res.end("data: two\n\n"), 50);
    });
    const response = await requestFetch(url);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe("data: one\n\n");
    let rest = "";
    for (let part = await reader.read(); !part.done; part = await reader.read())
      rest += new TextDecoder().decode(part.value);
    expect(rest).toBe("data: two\n\n");
  });

  it("fails as fetch does: a refused connection is a TypeError with the socket's code, an abort throws its reason", async () => {
    const url = await serve(() => undefined);
    servers.pop()!.close();
    const refused = await requestFetch(url).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TypeError);
    expect((refused as TypeError & { cause: { code: string } }).cause.code).toBe("ECONNREFUSED");

    const silent = await serve(() => undefined); // never answers
    const controller = new AbortController();
    setTimeout(() => controller.abort(new Error("stopped by the caller")), 50);
    await expect(requestFetch(silent, { signal: controller.signal })).rejects.toThrow("stopped by the caller");
  });

  it("sends fetch's Accept, User-Agent and a string's type where the caller names none, and the caller's own", async () => {
    const url = await serve((req, res) =>
      res.end(`${req.headers.accept} | ${req.headers["user-agent"]} | ${req.headers["content-type"]}`),
    );
    expect(await (await requestFetch(url)).text()).toBe("*/* | undici | undefined");
    const posted = await requestFetch(url, { method: "POST", body: "hello" });
    expect(await posted.text()).toBe("*/* | undici | text/plain;charset=UTF-8");
    const own = { Accept: "application/json", "User-Agent": "switchboard-test", "Content-Type": "application/json" };
    const answered = await requestFetch(url, { method: "POST", headers: own, body: "{}" });
    expect(await answered.text()).toBe("application/json | switchboard-test | application/json");
  });

  it("connects through the dispatcher it is given: a guarded lookup refuses loopback at the socket", async () => {
    const url = (await serve((_req, res) => res.end("reached"))).replace("127.0.0.1", "localhost");
    // cast to the socket's own lookup type, as guarded-fetch.ts does
    const lookup = guardedLookup({ allowPrivate: false, allowLoopback: false }) as never;
    const guarded = new Agent({ connect: { lookup } });
    try {
      const refused = await requestThrough(guarded, url).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(TypeError);
      expect(String((refused as TypeError).cause)).toMatch(/localhost refused: .* loopback address/);
      expect(await (await requestThrough(undefined, url)).text()).toBe("reached"); // the same URL, unguarded
    } finally {
      await guarded.close();
    }
  });
});
