/**
 * The public chat as a site's visitor meets it: a page on another origin (its own little HTTP server, on `localhost`
 * and another port, while Switchboard is 127.0.0.1) carries the one-line widget snippet; its bubble opens the chat in
 * an iframe, where a visitor with no account sends two messages and watches each answer stream in from the published
 * version, the second remembering the first (the model is a real HTTP server speaking the OpenAI API, so we see what it
 * was sent). A page on an origin the chat does not allow gets neither the iframe nor the API. Also the editor's
 * settings section, screenshotted.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./support/test";
import { startFakeChatCompletions } from "../lib/testing/fake-chat-completions";
import { E2E_PORT } from "../lib/testing/test-slot";

const APP = `http://127.0.0.1:${E2E_PORT}`;

/** A site of someone else's: one page that embeds the widget, on localhost and a port of its own. */
async function startHostSite(publicId: string): Promise<{ origin: string; server: Server }> {
  const html =
    "<!doctype html><html><head><title>Someone's shop</title></head><body><h1>Someone's shop</h1>" +
    `<script src="${APP}/api/public-chat/${publicId}/widget.js" async></script></body></html>`;
  const server = createServer((_req, res) => res.writeHead(200, { "content-type": "text/html" }).end(html));
  // Every address (IPv6 and IPv4), so "localhost" reaches it however the browser resolves it.
  await new Promise<void>((resolve) => server.listen(0, resolve));
  return { origin: `http://localhost:${(server.address() as AddressInfo).port}`, server };
}

const agentWorkflow = (baseUrl: string) => ({
  publish: true,
  name: "Public chat e2e",
  nodes: [
    { id: "entry", type: "core.entry", position: { x: 0, y: 0 }, data: { label: "Entry", mode: "normal", params: {} } },
    {
      id: "agent",
      type: "core.agent",
      position: { x: 320, y: 0 },
      data: {
        label: "Agent",
        mode: "normal",
        params: { provider: "openai-compatible", baseUrl, model: "gpt-test", systemPrompt: "", memory: true },
      },
    },
  ],
  edges: [{ id: "e", source: "entry", sourceHandle: "output", target: "agent", targetHandle: "input" }],
});

test("a visitor on another site chats through the widget, with streamed answers and memory", async ({
  browser,
  page,
  request,
}) => {
  const llm = await startFakeChatCompletions((body) => {
    const users = body.messages.filter((message) => message.role === "user").map((m) => String(m.content));
    return { text: `You said "${users.at(-1)}", after ${users.length - 1} earlier message(s) of yours. Noted well.` };
  });
  const sites: Server[] = [];
  try {
    const { id } = (await (await request.post("/api/workflows", { data: agentWorkflow(llm.baseUrl) })).json()) as {
      id: string;
    };
    const publicId = ((await (await request.get(`/api/workflows/${id}/public-chat`)).json()) as { publicId: string })
      .publicId;
    const allowed = await startHostSite(publicId);
    const refused = await startHostSite(publicId);
    sites.push(allowed.server, refused.server);
    const settings = await request.put(`/api/workflows/${id}/public-chat`, {
      data: {
        enabled: true,
        title: "Shop helper",
        welcomeMessage: "Hello! Ask me anything.",
        allowedOrigins: [allowed.origin],
      },
    });
    expect(settings.status()).toBe(200);

    // The editor's section: the switch on, the link and the snippet to copy.
    const settingsReads: string[] = [];
    page.on("request", (sent) => {
      const { pathname } = new URL(sent.url());
      if (sent.method() === "GET" && (pathname.endsWith("/public-chat") || pathname === "/api/workflows"))
        settingsReads.push(pathname);
    });
    await page.goto(`/workflows/${id}`);
    const section = page.getByTestId("public-chat-settings");
    await expect(page.getByTestId("public-chat-toggle")).toBeChecked();
    await expect(section.getByTestId("public-chat-snippet")).toContainText(`/api/public-chat/${publicId}/widget.js`);
    await expect(section.getByTestId("public-chat-origins")).toHaveValue(allowed.origin);
    await section.scrollIntoViewIfNeeded();
    // Scrolled into view below the inspector's floating fold button, so its switch is not under the button.
    const toggleBox = (await page.getByTestId("public-chat-toggle").boundingBox())!;
    const foldBox = (await page.getByTestId("collapse-inspector").boundingBox())!;
    expect(toggleBox.y).toBeGreaterThanOrEqual(foldBox.y + foldBox.height);
    await section.screenshot({ path: "test-results/screenshots/public-chat-settings.png" });
    // Read with the page, never by the editor while it stays open: back from a node (Escape), the settings show at
    // once, not read again.
    await expect(page.getByTestId("error-workflow")).not.toContainText("Loading workflows");
    expect(settingsReads).toEqual([]);
    await page.getByTestId("rf__node-agent").click();
    await expect(section).toBeHidden();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("public-chat-toggle")).toBeChecked();
    await expect(page.getByTestId("error-workflow")).not.toContainText("Loading workflows");
    await page.waitForTimeout(300); // a read would have been sent as the section mounted
    expect(settingsReads).toEqual([]);

    // A visitor: no account, no cookies.
    const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const site = await visitor.newPage();
    await site.goto(allowed.origin);
    await site.locator('[data-switchboard-chat="bubble"]').click();
    const chat = site.frameLocator('iframe[data-switchboard-chat="frame"]');
    await expect(chat.getByTestId("public-chat")).toContainText("Hello! Ask me anything.");
    await expect(chat.getByRole("heading", { name: "Shop helper" })).toBeVisible();
    for (const [n, question] of ["My name is Ada", "What is my name?"].entries()) {
      await chat.getByTestId("public-chat-input").fill(question);
      await chat.getByTestId("public-chat-input").press("Enter");
      await expect(chat.getByTestId("public-chat-answer").nth(n)).toHaveText(
        `You said "${question}", after ${n} earlier message(s) of yours. Noted well.`,
        { timeout: 30_000 },
      );
    }
    // Memory: the second request carried the first turn, question and answer.
    const sent = llm.received.at(-1)!.body.messages.map((message) => `${message.role}: ${String(message.content)}`);
    expect(sent).toEqual([
      "user: My name is Ada",
      'assistant: You said "My name is Ada", after 0 earlier message(s) of yours. Noted well.',
      "user: What is my name?",
    ]);
    await site.screenshot({ path: "test-results/screenshots/public-chat-widget.png" });
    // The conversation is the visitor's: reloading the site shows it again (the iframe's own storage is refused as a
    // third party's, so the token comes back from the host page's).
    await site.reload();
    await site.locator('[data-switchboard-chat="bubble"]').click();
    await expect(chat.getByTestId("public-chat-message")).toHaveText(["My name is Ada", "What is my name?"]);

    // A site the chat does not allow: the browser refuses to frame the chat, and the API refuses its script.
    const other = await visitor.newPage();
    const refusedFrame = new Promise<string>((resolve) => {
      other.on("console", (message) => void (message.text().includes("frame-ancestors") && resolve(message.text())));
      setTimeout(() => resolve("no refusal seen in 15 s"), 15_000);
    });
    await other.goto(refused.origin);
    await other.locator('[data-switchboard-chat="bubble"]').click();
    // Chromium's wording varies ("Refused to frame …" or "Framing … violates … The request has been blocked").
    const refusal = await refusedFrame;
    expect(refusal).toContain(`"frame-ancestors ${allowed.origin}"`);
    expect(refusal).toMatch(/Refused to frame|has been blocked/);
    await expect(other.frameLocator('iframe[data-switchboard-chat="frame"]').getByTestId("public-chat")).toHaveCount(0);
    const apiAnswer = await other.evaluate(async (url) => {
      try {
        const response = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: "{}",
        });
        return `status ${response.status}`;
      } catch (error) {
        return `refused: ${String(error)}`;
      }
    }, `${APP}/api/public-chat/${publicId}/session`);
    expect(apiAnswer).toMatch(/^refused: TypeError/);
    await visitor.close();
  } finally {
    for (const server of sites) server.close();
    llm.close();
  }
});

test("the public page works on its own, and a chat that is off is not found", async ({ browser, request }) => {
  const created = await request.post("/api/workflows", {
    data: { ...agentWorkflow("http://127.0.0.1:9"), publish: false },
  });
  const { id } = (await created.json()) as { id: string };
  const publicId = ((await (await request.get(`/api/workflows/${id}/public-chat`)).json()) as { publicId: string })
    .publicId;
  const visitor = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await visitor.newPage();
  expect((await page.goto(`${APP}/chat/${publicId}`))?.status()).toBe(404);
  await request.put(`/api/workflows/${id}/public-chat`, { data: { enabled: true, accessCode: "letmein" } });
  const answer = await page.goto(`${APP}/chat/${publicId}`);
  expect(answer?.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  await expect(page.getByTestId("public-chat-not-live")).toContainText("has not been published");
  await page.getByTestId("public-chat-code").fill("wrong code");
  await page.getByTestId("public-chat-code").press("Enter");
  await expect(page.getByTestId("public-chat-code-form").getByRole("alert")).toContainText("Wrong access code");
  await page.getByTestId("public-chat-code").fill("letmein");
  await page.getByTestId("public-chat-code").press("Enter");
  await expect(page.getByTestId("public-chat-input")).toBeVisible();
  await page.screenshot({ path: "test-results/screenshots/public-chat-page.png" });
  await visitor.close();
});
