/** The address a per-address limit counts: the peer's, unless a trusted proxy in front says whom it saw. */
import { describe, expect, it } from "vitest";
import { clientAddress, forwardedFor } from "./client-address";

const env = (values: Record<string, string>) => values as unknown as NodeJS.ProcessEnv;

describe("client address", () => {
  it("is the peer's, whatever X-Forwarded-For the client made up, unless SWITCHBOARD_TRUST_PROXY=1", () => {
    expect(forwardedFor("10.0.0.7", "1.2.3.4", env({}))).toBe("10.0.0.7");
    expect(forwardedFor("10.0.0.7", undefined, env({ SWITCHBOARD_TRUST_PROXY: "1" }))).toBe("10.0.0.7");
    expect(forwardedFor("10.0.0.7", "1.2.3.4, 203.0.113.9", env({ SWITCHBOARD_TRUST_PROXY: "1" }))).toBe(
      "1.2.3.4, 203.0.113.9",
    );
  });

  it("reads the last X-Forwarded-For entry: the one the nearest trusted hop wrote", () => {
    expect(clientAddress(new Headers({ "x-forwarded-for": "1.2.3.4, 203.0.113.9" }))).toBe("203.0.113.9");
    expect(clientAddress(new Headers())).toBe("unknown");
  });
});
