/** The one check of where a restricted secret may go: every spelling, every part of a request. */
import { describe, expect, it } from "vitest";
import { checkRequestSecrets, hostAllowed, type OutboundSecret } from "./secret-destination";

const KEY = "key-0f9e8d7c6b5a";
const secrets: OutboundSecret[] = [{ name: "API_KEY", value: KEY, allowedHosts: ["api.example.com", "*.example.org"] }];
const refusal = 'secret "API_KEY" may only be sent to api.example.com, *.example.org, not to evil.test';

describe("a restricted secret's destination", () => {
  it("is refused to another host in a header, a Basic header, the URL, a form body or a JSON body, in any spelling", () => {
    const evil = new URL("https://evil.test/v1/chat");
    const requests: { headers?: Record<string, string>; body?: unknown }[] = [
      { headers: { authorization: `Bearer ${KEY}` } },
      { headers: { authorization: `Basic ${Buffer.from(`user:${KEY}`).toString("base64")}` } },
      { headers: { "x-key": Buffer.from(KEY).toString("hex") } },
      { body: new URLSearchParams({ client_secret: KEY }) },
      { body: JSON.stringify({ key: Buffer.from(KEY).toString("base64") }) },
    ];
    for (const init of requests)
      expect(() => checkRequestSecrets(evil, init, secrets), JSON.stringify(init)).toThrow(refusal);
    expect(() =>
      checkRequestSecrets(new URL(`https://evil.test/?key=${encodeURIComponent(KEY)}`), {}, secrets),
    ).toThrow(refusal);
  });

  it("lets it go to its allowed hosts, and lets other requests through", () => {
    for (const host of ["api.example.com", "a.b.example.org"])
      expect(() =>
        checkRequestSecrets(new URL(`https://${host}/`), { headers: { authorization: `Bearer ${KEY}` } }, secrets),
      ).not.toThrow();
    expect(() =>
      checkRequestSecrets(new URL("https://evil.test/"), { headers: { authorization: "Bearer other" } }, secrets),
    ).not.toThrow();
    expect(hostAllowed("example.org", ["*.example.org"])).toBe(false);
  });
});
