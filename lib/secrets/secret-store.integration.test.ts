/** The secret store and resolution against the real database: encrypted at rest, resolved by name, replaced and deleted. */
import { afterAll, describe, expect, it } from "vitest";
import { getDb } from "../db/client";
import { secretRef } from "./reference";
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
    expect((await listSecrets()).filter((s) => s.name.startsWith("STORE_TEST_"))).toEqual([{ name: "STORE_TEST_A", allowedHosts: [], updatedAt: expect.any(Date) }]);

    expect(await deleteSecret("STORE_TEST_A")).toBe(true);
    expect(await deleteSecret("STORE_TEST_A")).toBe(false);
    expect(await readSecretValue("STORE_TEST_A")).toBeUndefined();
  });

  it("resolves references anywhere in params and reports the values used", async () => {
    await putSecret("STORE_TEST_TOKEN", "tok-789");
    const params = { url: "https://example.com", headers: { Authorization: secretRef("STORE_TEST_TOKEN") }, list: [secretRef("STORE_TEST_TOKEN")] };
    expect(await resolveSecrets(params)).toEqual({
      value: { url: "https://example.com", headers: { Authorization: "tok-789" }, list: ["tok-789"] },
      secretValues: ["tok-789", "tok-789"],
      secrets: [
        { name: "STORE_TEST_TOKEN", value: "tok-789", allowedHosts: [] },
        { name: "STORE_TEST_TOKEN", value: "tok-789", allowedHosts: [] },
      ],
    });
    await expect(resolveSecrets({ key: secretRef("STORE_TEST_MISSING") })).rejects.toThrow(MissingSecretError);
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
