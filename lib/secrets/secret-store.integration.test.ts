/**
 * The secret store and resolution against the real database: encrypted at rest, resolved by name, replaced and deleted.
 */
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { secretRef } from "./secret-ref";
import { MissingSecretError, resolveSecrets } from "./resolve";
import { SecretScope } from "./secret-scope";
import { deleteSecret, listSecrets, putSecret, readSecretValue } from "./secret-store";

afterAll(async () => {
  await getDb().secret.deleteMany({ where: { name: { startsWith: "STORE_TEST_" } } });
});

describe("secret store", () => {
  it("stores values encrypted, and reads, lists, replaces and deletes them by name", async () => {
    await putSecret("STORE_TEST_A", "first-value-123");
    const row = await getDb().secret.findUniqueOrThrow({ where: { name: "STORE_TEST_A" } });
    expect(row.encryptedValue).not.toContain("first-value-123");
    expect(await readSecretValue("STORE_TEST_A")).toBe("first-value-123");

    await putSecret("STORE_TEST_A", "second-value-456");
    expect(await readSecretValue("STORE_TEST_A")).toBe("second-value-456");
    expect((await listSecrets()).filter((s) => s.name.startsWith("STORE_TEST_"))).toEqual([
      { name: "STORE_TEST_A", allowedHosts: [], updatedAt: expect.any(Date) },
    ]);

    expect(await deleteSecret("STORE_TEST_A")).toBe(true);
    expect(await deleteSecret("STORE_TEST_A")).toBe(false);
    expect(await readSecretValue("STORE_TEST_A")).toBeUndefined();
  });

  it("resolves references anywhere in params and reports each secret used once", async () => {
    await putSecret("STORE_TEST_TOKEN", "tok-789");
    await putSecret("STORE_TEST_OTHER", "other-456", ["api.example.com"]);
    const params = {
      url: "https://example.com",
      headers: { Authorization: secretRef("STORE_TEST_TOKEN") },
      list: [secretRef("STORE_TEST_OTHER"), secretRef("STORE_TEST_TOKEN")],
    };
    const resolved = await resolveSecrets(params);
    expect(resolved).toEqual({
      value: { url: "https://example.com", headers: { Authorization: "tok-789" }, list: ["other-456", "tok-789"] },
      secretValues: ["tok-789", "other-456"],
      secrets: [
        { name: "STORE_TEST_TOKEN", value: "tok-789", allowedHosts: [] },
        { name: "STORE_TEST_OTHER", value: "other-456", allowedHosts: ["api.example.com"] },
      ],
    });
    // A copy: the params (a cached plan's) keep their references.
    expect(params.headers.Authorization).toEqual(secretRef("STORE_TEST_TOKEN"));
    expect(resolved.value.list).not.toBe(params.list);
    const { error } = await resolveSecrets({
      ok: secretRef("STORE_TEST_TOKEN"),
      key: secretRef("STORE_TEST_MISSING"),
    }).then(
      () => ({ error: undefined }),
      (error: unknown) => ({ error }),
    );
    expect(error).toBeInstanceOf(MissingSecretError);
    expect((error as MissingSecretError).secretName).toBe("STORE_TEST_MISSING");
  });

  it("leaves a value without references as it was, in a copy", async () => {
    const params = { url: "https://example.com", nested: { list: [1, "two", null, { $secretish: "no" }] } };
    const resolved = await resolveSecrets(params);
    expect(resolved).toEqual({ value: params, secretValues: [], secrets: [] });
    expect(resolved.value.nested).not.toBe(params.nested);
  });

  it("a scope redacts what it resolved", async () => {
    await putSecret("STORE_TEST_SCOPE", "scoped-secret");
    const scope = new SecretScope();
    const params = await scope.resolveParams({ key: secretRef("STORE_TEST_SCOPE") });
    expect(params).toEqual({ key: "scoped-secret" });
    expect(scope.redact({ echoed: "got scoped-secret back" })).toEqual({ echoed: "got [secret] back" });
    expect(scope.redactText("error: scoped-secret rejected")).toBe("error: [secret] rejected");
  });
});
