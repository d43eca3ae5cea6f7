/** The security headers: no framing anywhere, a page's scripts only with its own nonce, nothing at all for the API. */
import { describe, expect, it } from "vitest";
import {
  API_CONTENT_SECURITY_POLICY,
  applySecurityHeaders,
  newNonce,
  pageContentSecurityPolicy,
  securityHeaderRecord,
} from "./security-headers";

describe("security headers", () => {
  it("forbid framing, sniffing and full referrers on every answer", () => {
    const headers = applySecurityHeaders(new Headers({ "content-type": "application/json" }));
    expect(Object.fromEntries(headers)).toMatchObject({
      "content-security-policy": API_CONTENT_SECURITY_POLICY,
      "x-content-type-options": "nosniff",
      "referrer-policy": "strict-origin-when-cross-origin",
      "x-frame-options": "DENY",
    });
    expect(API_CONTENT_SECURITY_POLICY).toMatch(/default-src 'none'.*frame-ancestors 'none'/);
    expect(securityHeaderRecord()).toEqual(
      Object.fromEntries([...headers].filter(([name]) => name !== "content-type")),
    );
  });

  it("let a page run only scripts with its nonce (and what they load), workers from its origin, eval only in dev", () => {
    const nonce = newNonce();
    expect(nonce).not.toBe(newNonce());
    const policy = pageContentSecurityPolicy(nonce, false);
    expect(policy).toContain(`script-src 'self' 'nonce-${nonce}' 'strict-dynamic';`);
    expect(policy).toContain("worker-src 'self';");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).not.toContain("unsafe-eval");
    expect(pageContentSecurityPolicy(nonce, true)).toContain("'unsafe-eval'");
  });
});
