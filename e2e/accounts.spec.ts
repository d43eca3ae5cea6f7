/**
 * Accounts as people use them: signing out and in, what a stranger gets, inviting an editor and a
 * viewer through Settings, what a viewer can and cannot do, an API key that works until it
 * is revoked, one limited to a workflow and one limited to a folder. The owner and its session come from the setup
 * project (accounts.setup.ts).
 */
import type { Page } from "@playwright/test";
import { createInvite, fillAccountForm, joinWithInvite } from "./support/accounts";
import { createFolderWith, fileWorkflow } from "./support/folders";
import { OWNER } from "./support/auth-files";
import { expect, test } from "./support/test";

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/sign-in");
  await fillAccountForm(page, { email, password });
  await page.getByTestId("account-submit").click();
}

test.describe("accounts", () => {
  test("a stranger is sent to sign in and the API answers 401", async ({ browser, playwright, baseURL }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await page.goto("/workflows/anything");
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fworkflows%2Fanything$/);
    await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
    const anonymous = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    expect((await anonymous.get("/api/workflows")).status()).toBe(401);
    expect((await anonymous.post("/api/workflows", { data: { name: "x", nodes: [], edges: [] } })).status()).toBe(401);
    await anonymous.dispose();
    await context.close();
  });

  test("signing out, a wrong password, and signing back in to where you were going", async ({ browser }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    await signIn(page, OWNER.email, "not the password");
    await expect(page.getByTestId("account-error")).toHaveText("That e-mail and password do not match an account");
    await page.goto("/settings");
    await expect(page).toHaveURL(/\/sign-in\?next=%2Fsettings$/);
    await fillAccountForm(page, { email: OWNER.email, password: OWNER.password });
    await page.getByTestId("account-submit").click();
    await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
    await page.getByTestId("sign-out").click();
    await expect(page).toHaveURL(/\/sign-in$/);
    await page.goto("/");
    await expect(page).toHaveURL(/\/sign-in/);
    await context.close();
  });

  test("wrong passwords past the limit are refused with a message saying when to try again", async ({ browser }) => {
    const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const page = await context.newPage();
    const email = `guessed-${Date.now()}@example.com`;
    for (let guess = 0; guess < 5; guess += 1) {
      await signIn(page, email, `guess number ${guess}`);
      await expect(page.getByTestId("account-error")).toHaveText("That e-mail and password do not match an account");
    }
    await signIn(page, email, "one more guess");
    await expect(page.getByTestId("account-error")).toHaveText(
      /^Too many failed sign-ins from this address: try again in \d+ minutes$/,
    );
    await page.screenshot({ path: "test-results/sign-in-throttled.png" });
    await context.close();
  });

  test("the owner invites an editor and a viewer; the viewer can look but not change or run", async ({
    page,
    browser,
    request,
    playwright,
    baseURL,
  }) => {
    const workflow = (await (
      await request.post("/api/workflows", {
        data: {
          publish: true,
          name: "Shared with a viewer",
          nodes: [
            {
              id: "entry",
              type: "core.entry",
              position: { x: 0, y: 0 },
              data: { label: "Entry", mode: "normal", params: {} },
            },
          ],
          edges: [],
        },
      })
    ).json()) as { id: string };

    const editorLink = await createInvite(page, "editor");
    const editor = await joinWithInvite(browser, editorLink, {
      name: "Eddie Editor",
      email: "eddie@switchboard.test",
      password: "another long password",
    });
    await expect(editor.getByTestId("signed-in-role")).toHaveText("editor");
    await expect(editor.getByTestId("new-workflow")).toBeVisible();
    await expect(editor.getByTestId("nav-secrets")).toHaveCount(0);

    const viewerLink = await createInvite(page, "viewer");
    const viewer = await joinWithInvite(browser, viewerLink, {
      name: "Vera Viewer",
      email: "vera@switchboard.test",
      password: "another long password",
    });
    await expect(viewer.getByTestId("signed-in-role")).toHaveText("viewer");
    await expect(viewer.getByTestId("new-workflow")).toHaveCount(0);
    // The owner's workflow is theirs until shared: a folder gives the viewer it to read.
    await expect(viewer.getByRole("link", { name: "Shared with a viewer" })).toHaveCount(0);
    await createFolderWith(page, "Viewers", { "vera@switchboard.test": "viewer" });
    await fileWorkflow(page, "Shared with a viewer", "Viewers");
    await viewer.goto("/");
    await expect(viewer.getByRole("link", { name: "Shared with a viewer" })).toBeVisible();

    // An invite works once.
    const reused = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
    await reused.goto(viewerLink);
    await expect(reused.getByRole("heading", { name: "This invite link does not work" })).toBeVisible();

    // The viewer opens the workflow view-only: no Run, no palette, nodes stay where they are.
    await viewer.goto(`/workflows/${workflow.id}`);
    await expect(viewer.getByTestId("view-only")).toBeVisible();
    await expect(viewer.getByTestId("run-workflow")).toHaveCount(0);
    await expect(viewer.getByTestId("palette")).toHaveCount(0);
    // Dragging a node pans the view instead: the node keeps its place in the workflow.
    const node = viewer.locator(".react-flow__node").first();
    const placeBefore = await node.getAttribute("style");
    const box = (await node.boundingBox())!;
    await viewer.mouse.move(box.x + box.width / 2, box.y + 10);
    await viewer.mouse.down();
    await viewer.mouse.move(box.x + 200, box.y + 150, { steps: 5 });
    await viewer.mouse.up();
    expect(await node.getAttribute("style")).toBe(placeBefore);
    await viewer.goto("/secrets");
    await expect(viewer).toHaveURL(/\/forbidden\?need=admin$/);

    // A viewer's API key acts as a viewer: it reads, it cannot run.
    await viewer.goto("/settings");
    await viewer.getByTestId("api-key-name").fill("viewer script");
    await viewer.getByTestId("create-api-key").click();
    const viewerKey = (await viewer.getByTestId("new-api-key").textContent())!.trim();
    const asViewer = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { authorization: `Bearer ${viewerKey}` },
    });
    expect((await asViewer.get("/api/workflows")).status()).toBe(200);
    const refused = await asViewer.post(`/api/workflows/${workflow.id}/runs`, { data: {} });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ error: "This needs the editor role; you are a viewer" });
    await asViewer.dispose();

    // The owner sees both people and their roles.
    await page.goto("/settings");
    await expect(page.getByTestId("user-row")).toHaveCount(3);
  });

  test("an API key made on Settings works like curl would use it, until it is revoked", async ({
    page,
    playwright,
    baseURL,
  }) => {
    await page.goto("/settings");
    await page.getByTestId("api-key-name").fill("curl key");
    await page.getByTestId("create-api-key").click();
    const key = (await page.getByTestId("new-api-key").textContent())!.trim();
    const curl = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    const withKey = { headers: { authorization: `Bearer ${key}` } };
    expect((await curl.get("/api/workflows", withKey)).status()).toBe(200);
    expect((await curl.get("/api/workflows", { headers: { "x-api-key": key } })).status()).toBe(200);

    page.once("dialog", (dialog) => void dialog.accept());
    await page.getByTestId("api-key-row").filter({ hasText: "curl key" }).getByTestId("revoke-api-key").click();
    await expect(page.getByTestId("api-key-row").filter({ hasText: "curl key" })).toHaveCount(0);
    expect((await curl.get("/api/workflows", withKey)).status()).toBe(401);
    await curl.dispose();
  });

  test("an API key limited to one workflow says so on Settings and reaches only that workflow", async ({
    page,
    request,
    playwright,
    baseURL,
  }) => {
    const stamp = Date.now();
    const create = async (name: string) =>
      (
        (await (
          await request.post("/api/workflows", {
            data: {
              publish: true,
              name,
              nodes: [
                {
                  id: "entry",
                  type: "core.entry",
                  position: { x: 0, y: 0 },
                  data: { label: "Entry", mode: "normal", params: {} },
                },
              ],
              edges: [],
            },
          })
        ).json()) as { id: string }
      ).id;
    const allowedName = `Allowed ${stamp}`;
    const allowedId = await create(allowedName);
    const otherId = await create(`Other ${stamp}`);

    await page.goto("/settings");
    await page.getByTestId("api-key-name").fill("limited key");
    await page.getByTestId("key-workflows").locator("summary").click();
    await page.getByTestId("key-workflows").getByLabel(allowedName).check();
    await expect(page.getByTestId("key-workflows").locator("summary")).toHaveText("Workflows: only 1 picked");
    await page.getByTestId("create-api-key").click();
    const key = (await page.getByTestId("new-api-key").textContent())!.trim();
    const row = page.getByTestId("api-key-row").filter({ hasText: "limited key" });
    await expect(row.getByTestId("api-key-reach")).toHaveText(`only ${allowedName}`);
    await expect(
      page.getByTestId("api-key-row").filter({ hasText: "e2e suite" }).getByTestId("api-key-reach"),
    ).toHaveText("all workflows");

    const script = await playwright.request.newContext({
      baseURL,
      storageState: { cookies: [], origins: [] },
      extraHTTPHeaders: { authorization: `Bearer ${key}` },
    });
    expect(await (await script.get("/api/workflows")).json()).toEqual([
      // The owner made it; it is in no folder and has no tags.
      { id: allowedId, name: allowedName, publishedVersion: 1, ownerId: expect.any(String), folderId: null, tags: [] },
    ]);
    expect((await script.post(`/api/workflows/${allowedId}/runs`, { data: {} })).status()).toBe(201);
    const refused = await script.post(`/api/workflows/${otherId}/runs`, { data: {} });
    expect(refused.status()).toBe(403);
    expect((await refused.json()).error).toContain(`workflow ${otherId} is not one of them`);
    await script.dispose();
  });

  test("an API key limited to a folder is picked on Settings, shows its folder and reaches only its workflows", async ({
    page,
    request,
    playwright,
    baseURL,
  }) => {
    const stamp = Date.now();
    const folder = (await (await request.post("/api/folders", { data: { name: `Billing ${stamp}` } })).json()) as {
      id: string;
    };
    const entry = {
      id: "entry",
      type: "core.entry",
      position: { x: 0, y: 0 },
      data: { label: "Entry", mode: "normal", params: {} },
    };
    const create = async (name: string, folderId?: string) =>
      (
        (await (
          await request.post("/api/workflows", { data: { name, folderId, nodes: [entry], edges: [] } })
        ).json()) as {
          id: string;
        }
      ).id;
    const insideId = await create(`Invoices ${stamp}`, folder.id);
    await create(`Elsewhere ${stamp}`);

    await page.goto("/settings");
    await page.getByTestId("api-key-name").fill("billing key");
    await page.getByTestId("api-key-folder").selectOption({ label: `Billing ${stamp}` });
    await page.getByTestId("create-api-key").click();
    const key = (await page.getByTestId("new-api-key").textContent())!.trim();
    const row = page.getByTestId("api-key-row").filter({ hasText: "billing key" });
    await expect(row.getByTestId("api-key-reach")).toHaveText(`folder Billing ${stamp}'s workflows`);
    await expect(page.getByTestId("api-key-folder")).toHaveValue("");
    await page.getByTestId("api-keys").screenshot({ path: "test-results/api-keys-folder.png" });

    const script = await playwright.request.newContext({
      baseURL,
      storageState: { cookies: [], origins: [] },
      extraHTTPHeaders: { authorization: `Bearer ${key}` },
    });
    const listed = (await (await script.get("/api/workflows")).json()) as { id: string; folderId: string }[];
    expect(listed).toEqual([expect.objectContaining({ id: insideId, folderId: folder.id })]);
    await script.dispose();
  });

  test("a cross-site form post and a foreign Host are refused", async ({ playwright, baseURL }) => {
    const anonymous = await playwright.request.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    const crossSite = await anonymous.post("/api/workflows", {
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site", "content-type": "text/plain" },
      data: "{}",
    });
    expect(crossSite.status()).toBe(403);
    const rebinding = await anonymous.get("/", { headers: { host: "evil.example" } });
    expect(rebinding.status()).toBe(421);
    // The API's routes check the perimeter themselves (the proxy leaves /api/ to them): the same answer.
    const apiRebinding = await anonymous.get("/api/health", { headers: { host: "evil.example" } });
    expect(apiRebinding.status()).toBe(421);
    await anonymous.dispose();
  });
});
