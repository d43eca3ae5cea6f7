/**
 * The address policy, including the disguises: IPv4-mapped, NAT64 and 6to4 IPv6, and the numeric IPv4 spellings URL
 * parsing normalises.
 */
import { describe, expect, it } from "vitest";
import { addressPolicy, addressRefusal, checkUrl, classifyAddress, embeddedIPv4 } from "./address-policy";

const production = addressPolicy({ NODE_ENV: "production" });
const development = addressPolicy({});

describe("classifyAddress", () => {
  it("knows loopback, private, link-local, metadata and public addresses", () => {
    expect(classifyAddress("127.0.0.1")).toBe("loopback");
    expect(classifyAddress("::1")).toBe("loopback");
    for (const address of [
      "10.1.2.3",
      "172.20.0.1",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "fd00:ec2::254",
      "fe80::1",
      "::",
    ])
      expect(classifyAddress(address), address).toBe("restricted");
    expect(classifyAddress("93.184.216.34")).toBe("public");
    expect(classifyAddress("2606:4700::1111")).toBe("public");
  });

  it("sees through IPv4 carried inside IPv6", () => {
    expect(embeddedIPv4("::ffff:7f00:1")).toBe("127.0.0.1");
    expect(classifyAddress("::ffff:127.0.0.1")).toBe("loopback");
    expect(classifyAddress("::ffff:a9fe:a9fe")).toBe("restricted"); // 169.254.169.254
    expect(classifyAddress("64:ff9b::a00:1")).toBe("restricted"); // NAT64 of 10.0.0.1
    expect(classifyAddress("2002:c0a8:101::1")).toBe("restricted"); // 6to4 of 192.168.1.1
    expect(classifyAddress("64:ff9b::5db8:d822")).toBe("public");
  });
});

describe("checkUrl", () => {
  it("refuses numeric spellings of loopback and metadata in production, naming the address", async () => {
    for (const url of [
      "http://2130706433/",
      "http://0x7f.1/",
      "http://[::ffff:127.0.0.1]/",
      "http://169.254.169.254/latest/meta-data",
      "http://[64:ff9b::a9fe:a9fe]/",
    ]) {
      await expect(checkUrl(url, production), url).rejects.toThrow(
        /refused: .* address; set SWITCHBOARD_ALLOW_PRIVATE_NETWORK=1/,
      );
    }
  });

  it("judges names by what DNS answers: localhost is loopback", async () => {
    await expect(checkUrl("http://localhost:9/", production)).rejects.toThrow("a loopback address");
    await expect(checkUrl("http://localhost:9/", development)).resolves.toBeInstanceOf(URL);
  });

  it("judges production by the operator's NODE_ENV, not the one the web process sets for Next.js", () => {
    // workers/web.ts: the operator set nothing, Next.js runs in production mode.
    const webProcess = addressPolicy({ NODE_ENV: "production", SWITCHBOARD_OPERATOR_NODE_ENV: "" });
    expect(addressRefusal("127.0.0.1", webProcess)).toBeNull();
    const operatorProduction = addressPolicy({ NODE_ENV: "production", SWITCHBOARD_OPERATOR_NODE_ENV: "production" });
    expect(addressRefusal("127.0.0.1", operatorProduction)).toContain("a loopback address");
  });

  it("refuses other schemes, and allows everything when private networks are allowed", async () => {
    await expect(checkUrl("file:///etc/passwd", development)).rejects.toThrow("only http and https");
    await expect(checkUrl("ws://93.184.216.34/", development)).rejects.toThrow(
      "only http and https are supported, got ws:",
    );
    expect(
      addressRefusal("10.0.0.1", addressPolicy({ SWITCHBOARD_ALLOW_PRIVATE_NETWORK: "1", NODE_ENV: "production" })),
    ).toBeNull();
    expect(addressRefusal("10.0.0.1", addressPolicy({ SWITCHBOARD_MCP_ALLOW_PRIVATE: "1" }))).toBeNull();
  });

  it("takes other schemes only when the caller names them, and judges their hosts the same way", async () => {
    const schemes = ["http:", "https:", "ws:", "wss:"];
    await expect(checkUrl("wss://93.184.216.34/mcp", production, schemes)).resolves.toBeInstanceOf(URL);
    await expect(checkUrl("ws://169.254.169.254/", production, schemes)).rejects.toThrow(
      /169\.254\.169\.254 refused: .*metadata address/,
    );
    await expect(checkUrl("ftp://93.184.216.34/", production, schemes)).rejects.toThrow(
      "only http, https, ws and wss are supported, got ftp:",
    );
  });
});
