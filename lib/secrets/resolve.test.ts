/** The redaction helpers: secret values never survive into anything recorded. */
import { describe, expect, it } from "vitest";
import { secretRef } from "./secret-ref";
import { MissingSecretError, redactSecrets, redactValue, secretForms } from "./resolve";

describe("redaction", () => {
  it("replaces every occurrence of each secret value in a text", () => {
    expect(redactSecrets("token=abc123; again abc123", ["abc123"])).toBe("token=[secret]; again [secret]");
    expect(redactSecrets("nothing here", ["", "zzz"])).toBe("nothing here");
  });

  it("redacts strings anywhere in a value and keeps its shape", () => {
    const value = {
      status: 200,
      body: { headers: { authorization: "Bearer s3cr3t" }, list: ["s3cr3t", 4, null] },
      s3cr3t: true,
    };
    expect(redactValue(value, ["s3cr3t"])).toEqual({
      status: 200,
      body: { headers: { authorization: "Bearer [secret]" }, list: ["[secret]", 4, null] },
      "[secret]": true,
    });
  });

  it("also catches the secret base64, URL-encoded or hex encoded, but leaves short values' encodings alone", () => {
    const secret = "p@ss word/42!";
    const text = [
      Buffer.from(secret).toString("base64"),
      Buffer.from(secret).toString("base64url"),
      encodeURIComponent(secret),
      "p%40ss+word%2F42%21",
      Buffer.from(secret).toString("hex"),
    ].join(" | ");
    expect(redactSecrets(text, [secret])).toBe("[secret] | [secret] | [secret] | [secret] | [secret]");
    expect(secretForms("abc")).toEqual(["abc"]);
  });

  it("names a missing secret and where to add it", () => {
    expect(new MissingSecretError("API_KEY").message).toBe('Secret "API_KEY" is not set: add it on the Secrets page');
    expect(secretRef("API_KEY")).toEqual({ $secret: "API_KEY" });
  });
});
