/**
 * A signed-in browser's requests share one session lookup for a few seconds, and still: a role change acts on the next
 * request, signing out ends the session at once, and a cookie for no session gets nobody.
 */
import { expect, it } from "vitest";
import { sql } from "../db/sql";
import { createTestAccount } from "../testing/test-accounts";
import { setUserRole } from "./accounts";
import { getAuth } from "./auth";
import { authenticate } from "./principal";
import { signOut } from "./sign-in";

async function signedInHeaders(): Promise<{ headers: Headers; userId: string }> {
  const account = await createTestAccount("editor");
  const response = await getAuth().api.signInEmail({
    body: { email: account.email, password: account.password },
    asResponse: true,
  });
  return {
    headers: new Headers({ cookie: response.headers.get("set-cookie")!.split(";")[0] }),
    userId: account.userId,
  };
}

it("looks a session up once for requests close together, and honours a role change and a sign-out at once", async () => {
  const { headers, userId } = await signedInHeaders();
  const first = await authenticate(headers);
  expect(first).toMatchObject({ userId, role: "editor", via: "session" });

  // The session's row is gone, yet requests straight after are answered from the lookup just made.
  const [session] = await sql<{ id: string; token: string }>`SELECT id, token FROM session WHERE "userId" = ${userId}`;
  await sql`UPDATE session SET token = ${`${session.token}-moved`} WHERE id = ${session.id}`;
  expect(await authenticate(headers)).toEqual(first);
  await sql`UPDATE session SET token = ${session.token} WHERE id = ${session.id}`;

  expect(await setUserRole(userId, "viewer")).toEqual({ ok: true });
  expect(await authenticate(headers)).toMatchObject({ userId, role: "viewer" });

  await signOut(headers);
  expect(await authenticate(headers)).toBeNull();
});

it("gets nobody for a cookie that names no session, and for no cookie", async () => {
  expect(await authenticate(new Headers({ cookie: "switchboard.session_token=not-a-session" }))).toBeNull();
  expect(await authenticate(new Headers())).toBeNull();
});
