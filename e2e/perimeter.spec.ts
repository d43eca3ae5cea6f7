/**
 * The perimeter as the production web process answers it, over raw sockets where a browser or
 * fetch would tidy the request up: foreign absolute-form request lines, malformed paths and query
 * strings, oversized chunked bodies (answered as they arrive, not after), the security headers on
 * pages, API routes and the hot routes, and a page that still hydrates under its CSP.
 */
import { MB, rawRequest as raw } from "../lib/testing/raw-http";
import { ownerApiKey } from "./support/auth-files";
import { expect, test } from "./support/test";

const hostOf = (baseURL: string) => new URL(baseURL).host;

test.describe("the perimeter, as the web process answers it", () => {
  test("an absolute-form request line for a foreign host → 421, not a redirect; for our own host it is served", async ({
    baseURL,
  }) => {
    const foreign = await raw(
      baseURL!,
      `GET http://evil.example/ HTTP/1.1\nHost: ${hostOf(baseURL!)}\nConnection: close\n`,
    );
    expect(foreign.status).toBe(421);
    const ours = await raw(
      baseURL!,
      `GET ${baseURL}/api/health HTTP/1.1\nHost: ${hostOf(baseURL!)}\nConnection: close\n`,
    );
    expect(ours.status).toBe(200);
  });

  test("a malformed path or query string → 400 on every route, hot routes included", async ({ baseURL }) => {
    const key = `Authorization: Bearer ${ownerApiKey()}`;
    for (const target of [
      "/api/runs?status=%00",
      "/api/audit/tool-calls?tool=a%00b",
      "/api/runs?limit=%ZZ",
      "/workflows?x=%00",
      "/api/workflows/%ff/runs",
      "/api/mcp/gateway?x=%00",
    ]) {
      for (const method of ["GET", "POST"]) {
        const answer = await raw(
          baseURL!,
          `${method} ${target} HTTP/1.1\nHost: ${hostOf(baseURL!)}\n${key}\nContent-Type: ` +
            `application/json\nContent-Length: 2\nConnection: close\n\n{}`,
        );
        expect(answer.status, `${method} ${target}`).toBe(400);
      }
    }
  });

  test("a 50 MB chunked body is refused 413 as it arrives, on every kind of route", async ({ baseURL }) => {
    const key = `Authorization: Bearer ${ownerApiKey()}`;
    for (const [target, extra] of [
      ["/api/workflows", ""],
      ["/api/runs/no-such-run/cancel", ""],
      ["/api/hooks/no-such-workflow/hook", ""],
      ["/api/secrets/BIG", ""],
      ["/sign-in", "Next-Action: 0000000000000000000000000000000000000000\n"],
      ["/api/workflows/no-such-workflow/runs", ""], // a hot route: it counts its own body
    ] as const) {
      const method = target.startsWith("/api/secrets") ? "PUT" : "POST";
      const answer = await raw(
        baseURL!,
        `${method} ${target} HTTP/1.1\nHost: ${hostOf(baseURL!)}\n${key}\n${extra}Content-Type: ` +
          `application/json\nTransfer-Encoding: chunked\n`,
        50 * MB,
      ).catch((error: Error) => Promise.reject(new Error(`${method} ${target}: ${error.message}`)));
      expect(answer.status, target).toBe(413);
      // Uncapped, the answer came only after all 50 MB (Next reads a body whole first): here well before.
      expect(answer.bodySent, `${target}: bytes sent before the answer`).toBeLessThan(25 * MB);
    }
  });

  test("every answer carries the security headers: pages, API routes, hot routes, refusals", async ({
    baseURL,
    request,
  }) => {
    const host = hostOf(baseURL!);
    const answers = {
      page: await raw(baseURL!, `GET /sign-in HTTP/1.1\nHost: ${host}\nConnection: close\n`),
      missing: await raw(baseURL!, `GET /no-such-page HTTP/1.1\nHost: ${host}\nConnection: close\n`),
      api: await raw(baseURL!, `GET /api/health HTTP/1.1\nHost: ${host}\nConnection: close\n`),
      hot: await raw(
        baseURL!,
        `POST /api/mcp/gateway HTTP/1.1\nHost: ${host}\nContent-Type: application/json\nContent-Length: ` +
          `2\nConnection: close\n\n{}`,
      ),
      refused: await raw(baseURL!, `GET http://evil.example/ HTTP/1.1\nHost: ${host}\nConnection: close\n`),
    };
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.head, name).toContain("x-content-type-options: nosniff");
      expect(answer.head, name).toContain("referrer-policy: strict-origin-when-cross-origin");
      expect(answer.head, name).toContain("x-frame-options: deny");
      expect(answer.head, name).toMatch(/content-security-policy: [^\r]*frame-ancestors 'none'/);
      expect(answer.head.match(/content-security-policy:/g), `${name}: one policy`).toHaveLength(1);
    }
    expect(answers.page.head).toMatch(
      /content-security-policy: [^\r]*script-src 'self' 'nonce-[^']+' 'strict-dynamic'/,
    );
    expect((await request.get("/api/runs?limit=1")).headers()["content-security-policy"]).toContain(
      "default-src 'none'",
    );
  });

  test("the editor hydrates under its Content-Security-Policy, with no violation", async ({ page, request }) => {
    const violations: string[] = [];
    page.on("console", (message) => {
      if (/content security policy|refused to (execute|load|apply)/i.test(message.text()))
        violations.push(message.text());
    });
    page.on("pageerror", (error) => violations.push(error.message));
    const created = await request.post("/api/workflows", {
      data: {
        publish: true,
        name: "Under CSP",
        nodes: [
          {
            id: "entry",
            type: "core.entry",
            position: { x: 120, y: 120 },
            data: { label: "Entry", mode: "normal", params: {} },
          },
        ],
        edges: [],
      },
    });
    const { id } = (await created.json()) as { id: string };
    const response = await page.goto(`/workflows/${id}`);
    expect(response?.headers()["content-security-policy"]).toContain("'strict-dynamic'");
    await expect(page.locator(".react-flow__node")).toHaveCount(1);
    await page.locator(".react-flow__node").click(); // React answers: the inspector opens
    await expect(page.getByTestId("inspector")).toBeVisible();
    await page.screenshot({ path: "test-results/editor-under-csp.png" });
    expect(violations).toEqual([]);
  });
});
