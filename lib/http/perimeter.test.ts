/**
 * The perimeter's rules, one by one: our own Host names, same-origin state changes, JSON bodies within limits,
 * well-formed paths.
 */
import { describe, expect, it } from "vitest";
import {
  allowedHosts,
  checkApiBody,
  checkCrossSite,
  checkHost,
  checkPath,
  checkRequest,
  checkRequestTarget,
  isAllowedHost,
  originForm,
  requestBodyLimit,
} from "./perimeter";

const env = (extra: Record<string, string> = {}) => ({ HOST: "127.0.0.1", ...extra }) as unknown as NodeJS.ProcessEnv;
const headers = (values: Record<string, string>) => new Headers(values);

describe("Host", () => {
  it("allows localhost, 127.0.0.1 and [::1] on any port by default, and nothing else", () => {
    for (const host of ["localhost", "localhost:3000", "127.0.0.1:3210", "[::1]:3000", "LOCALHOST:80"])
      expect(isAllowedHost(host, env()), host).toBe(true);
    for (const host of [
      "evil.example",
      "evil.example:3000",
      "127.0.0.1.nip.io",
      "localhost.evil.example",
      "",
      "[::2]:3000",
    ])
      expect(isAllowedHost(host, env()), host).toBe(false);
    expect(isAllowedHost(null, env())).toBe(false);
  });

  it("uses SWITCHBOARD_ALLOWED_HOSTS instead when set; an entry with a port allows only that port", () => {
    const configured = env({ SWITCHBOARD_ALLOWED_HOSTS: "switchboard.example.com, app.internal:8443" });
    expect(allowedHosts(configured)).toEqual(["switchboard.example.com", "app.internal:8443"]);
    expect(isAllowedHost("switchboard.example.com:443", configured)).toBe(true);
    expect(isAllowedHost("app.internal:8443", configured)).toBe(true);
    expect(isAllowedHost("app.internal:9000", configured)).toBe(false);
    expect(isAllowedHost("localhost:3000", configured)).toBe(false);
  });

  it("adds HOST and SWITCHBOARD_URL's host, and answers 421 naming the host", () => {
    expect(isAllowedHost("box.lan:3000", env({ HOST: "box.lan" }))).toBe(true);
    expect(isAllowedHost("sb.example.com", env({ SWITCHBOARD_URL: "https://sb.example.com" }))).toBe(true);
    expect(checkHost(headers({ host: "evil.example" }), env())).toMatchObject({
      status: 421,
      message: expect.stringContaining('"evil.example"'),
    });
  });
});

describe("cross-site requests", () => {
  const post = (values: Record<string, string>, extra?: Record<string, string>) =>
    checkCrossSite("POST", headers({ host: "127.0.0.1:3000", ...values }), env(extra));

  it("lets reads through whatever their origin", () => {
    expect(
      checkCrossSite("GET", headers({ origin: "https://evil.example", "sec-fetch-site": "cross-site" }), env()),
    ).toBeNull();
  });

  it("follows Sec-Fetch-Site when the browser sends it", () => {
    expect(post({ "sec-fetch-site": "same-origin" })).toBeNull();
    expect(post({ "sec-fetch-site": "none" })).toBeNull();
    expect(post({ "sec-fetch-site": "same-site", origin: "http://other.localhost:3000" })?.status).toBe(403);
    expect(post({ "sec-fetch-site": "cross-site", origin: "https://evil.example" })?.status).toBe(403);
  });

  it("falls back to Origin against Host, and lets clients without either (curl, scripts) through", () => {
    expect(post({})).toBeNull();
    expect(post({ origin: "http://127.0.0.1:3000" })).toBeNull();
    expect(post({ origin: "http://127.0.0.1:4000" })?.status).toBe(403);
    expect(post({ origin: "null" })?.status).toBe(403);
    expect(post({ origin: "not a url" })?.status).toBe(403);
  });

  it("allows origins listed in SWITCHBOARD_ALLOWED_ORIGINS", () => {
    expect(
      post(
        { "sec-fetch-site": "cross-site", origin: "https://ui.example.com" },
        { SWITCHBOARD_ALLOWED_ORIGINS: "https://ui.example.com/" },
      ),
    ).toBeNull();
  });
});

describe("API bodies", () => {
  it("must be JSON when there is one, and within the limit", () => {
    expect(
      checkApiBody("POST", headers({ "content-type": "application/json; charset=utf-8", "content-length": "10" }), 100),
    ).toBeNull();
    expect(checkApiBody("POST", headers({}), 100)).toBeNull(); // no body at all (a cancel)
    expect(checkApiBody("POST", headers({ "content-type": "text/plain", "content-length": "2" }), 100)).toMatchObject({
      status: 415,
      message: expect.stringContaining('"text/plain"'),
    });
    expect(
      checkApiBody(
        "POST",
        headers({ "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked" }),
        100,
      )?.status,
    ).toBe(415);
    expect(
      checkApiBody("PUT", headers({ "content-type": "application/json", "content-length": "101" }), 100),
    ).toMatchObject({ status: 413 });
    expect(checkApiBody("GET", headers({ "content-type": "text/plain", "content-length": "5" }), 100)).toBeNull();
  });
});

describe("how much a request may send", () => {
  it("gives the routes that take a whole graph and server actions the workflow limit, the rest the API's", () => {
    const big = 5 * 1024 * 1024;
    expect(requestBodyLimit("POST", "/api/workflows", false, env())).toBe(big);
    expect(requestBodyLimit("put", "/api/workflows/w1", false, env())).toBe(big);
    expect(requestBodyLimit("PATCH", "/api/workflows/w1", false, env())).toBe(big);
    expect(requestBodyLimit("POST", "/api/anything", true, env())).toBe(big);
    expect(requestBodyLimit("POST", "/api/workflows/w1/runs", false, env())).toBe(1024 * 1024);
    expect(requestBodyLimit("PUT", "/api/workflows/w1/runs", false, env())).toBe(1024 * 1024);
    expect(requestBodyLimit("DELETE", "/api/workflows/w1", false, env())).toBe(1024 * 1024);
  });
});

describe("paths", () => {
  it("refuses malformed %-encoding and NUL with 400", () => {
    expect(checkPath("http://127.0.0.1/api/runs/%E0%A4%A")).toMatchObject({
      status: 400,
      message: expect.stringContaining("%-encoding"),
    });
    expect(checkPath("http://127.0.0.1/api/secrets/a%00b")).toMatchObject({
      status: 400,
      message: expect.stringContaining("NUL"),
    });
    expect(checkPath("http://127.0.0.1/api/secrets/caf%C3%A9?x=caf%C3%A9&y=a+b")).toBeNull();
    expect(checkPath("/api/workflows/%ff/runs")).toMatchObject({ status: 400, code: "bad-path" });
  });

  it("refuses a query string with malformed %-encoding or a NUL with 400, on any route", () => {
    expect(checkPath("http://127.0.0.1/api/runs?status=%00")).toMatchObject({
      status: 400,
      code: "bad-query",
      message: expect.stringContaining("NUL"),
    });
    expect(checkPath("/api/audit/tool-calls?tool=a%00b")).toMatchObject({ status: 400, code: "bad-query" });
    expect(checkPath("/api/runs?x=%ZZ")).toMatchObject({
      status: 400,
      message: expect.stringContaining("query string has malformed"),
    });
    expect(checkPath("/api/runs?x=1#%ZZ")).toBeNull(); // a fragment is never sent; if it is, it is not ours to judge
  });

  it("judges an absolute-form request line by the host it names, not by the Host header", () => {
    expect(checkRequestTarget("http://evil.example/", env())).toMatchObject({
      status: 421,
      message: expect.stringContaining('"evil.example"'),
    });
    expect(checkRequestTarget("http://user@evil.example:3000/api/runs", env())?.status).toBe(421);
    expect(checkRequestTarget("http://127.0.0.1:3000/api/runs", env())).toBeNull();
    expect(checkRequestTarget("/api/runs?limit=5", env())).toBeNull();
    expect(checkRequestTarget("/api/workflows/%ff/runs", env())?.status).toBe(400);
    expect(originForm("http://127.0.0.1:3000/api/runs?limit=5")).toEqual({
      host: "127.0.0.1:3000",
      target: "/api/runs?limit=5",
    });
    expect(originForm("http://user@127.0.0.1?x=1")).toEqual({ host: "127.0.0.1", target: "/?x=1" });
    expect(originForm("/api/runs")).toBeNull();
  });

  it("checks Host first, then the path, then the origin", () => {
    const request = new Request("http://127.0.0.1/api/x%00", {
      method: "POST",
      headers: { host: "evil.example", origin: "https://evil.example" },
    });
    expect(checkRequest(request, env())?.status).toBe(421);
  });
});
