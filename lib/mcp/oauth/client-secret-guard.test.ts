/** The client secret's host restriction, however OAuth carries it: form body, Basic header, or not at all. */
import { describe, expect, it } from "vitest";
import { checkClientSecretDestination } from "./client-secret-guard";

const secrets = [{ name: "CLIENT_SECRET", value: "s3cr3t-value", allowedHosts: ["auth.example.com"] }];
const token = (host: string) => new URL(`https://${host}/token`);

describe("an OAuth client secret restricted to some hosts", () => {
  it("is refused on its way elsewhere in a form body or a Basic header", () => {
    const form = {
      method: "POST",
      body: new URLSearchParams({ grant_type: "refresh_token", client_secret: "s3cr3t-value" }),
    };
    const basic = { method: "POST", headers: { authorization: `Basic ${btoa("client:s3cr3t-value")}` } };
    for (const init of [form, basic, { method: "POST", body: form.body.toString() }]) {
      expect(() => checkClientSecretDestination(token("evil.example"), init, secrets)).toThrow(
        'secret "CLIENT_SECRET" may only be sent to auth.example.com, not to evil.example',
      );
      expect(() => checkClientSecretDestination(token("auth.example.com"), init, secrets)).not.toThrow();
    }
  });

  it("lets requests that do not carry it go anywhere", () => {
    expect(() => checkClientSecretDestination(token("mcp.example.net"), { method: "GET" }, secrets)).not.toThrow();
    expect(() =>
      checkClientSecretDestination(
        token("mcp.example.net"),
        { body: new URLSearchParams({ client_id: "client" }) },
        secrets,
      ),
    ).not.toThrow();
  });
});
