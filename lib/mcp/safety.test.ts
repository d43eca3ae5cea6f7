import { describe, expect, it } from "vitest";
import { checkCommand, checkUrl, McpSafetyError } from "./safety";

describe("stdio allow-list", () => {
  it("allows node, npx, uvx and python3 by default, by base name", () => {
    for (const command of ["node", "npx", "uvx", "python3", "/usr/bin/node"])
      expect(() => checkCommand(command, {})).not.toThrow();
  });
  it("refuses anything else, naming the variable that extends the list", () => {
    expect(() => checkCommand("bash", {})).toThrow(
      /"bash" is not on the MCP allow-list \(node, npx, uvx, python3\).*SWITCHBOARD_MCP_COMMANDS/,
    );
    expect(() => checkCommand("/tmp/node-evil", {})).toThrow(McpSafetyError);
  });
  it("takes the operator's list from SWITCHBOARD_MCP_COMMANDS", () => {
    const env = { SWITCHBOARD_MCP_COMMANDS: "docker, deno" };
    expect(() => checkCommand("deno", env)).not.toThrow();
    expect(() => checkCommand("node", env)).toThrow(/allow-list \(docker, deno\)/);
  });
});

describe("HTTP and WebSocket URL policy", () => {
  const dev = { allowPrivate: false, allowLoopback: true };
  const production = { allowPrivate: false, allowLoopback: false };
  it("refuses private, link-local and metadata addresses", async () => {
    for (const url of [
      "http://10.1.2.3/mcp",
      "http://192.168.1.1/mcp",
      "http://172.20.0.1/mcp",
      "http://169.254.169.254/latest",
      "http://[fe80::1]/mcp",
      "http://[fd00::1]/mcp",
      "http://[::ffff:10.0.0.1]/mcp",
    ]) {
      await expect(checkUrl(url, dev), url).rejects.toThrow(
        /private, link-local or metadata.*SWITCHBOARD_ALLOW_PRIVATE_NETWORK=1/,
      );
    }
  });
  it("allows loopback in development and refuses it in production", async () => {
    await expect(checkUrl("http://127.0.0.1:3001/mcp", dev)).resolves.toBeUndefined();
    await expect(checkUrl("http://localhost:3001/mcp", production)).rejects.toThrow(/loopback/);
  });
  it("allows public addresses, and everything when the operator allows private ones", async () => {
    await expect(checkUrl("https://93.184.216.34/mcp", production)).resolves.toBeUndefined();
    await expect(checkUrl("http://10.0.0.5/mcp", { allowPrivate: true, allowLoopback: true })).resolves.toBeUndefined();
  });
  it("checks WebSocket URLs the same way, and refuses other protocols", async () => {
    await expect(checkUrl("ws://10.1.2.3/mcp", dev)).rejects.toThrow(
      /10\.1\.2\.3 is a private, link-local or metadata address/,
    );
    await expect(checkUrl("wss://localhost:3001/mcp", production)).rejects.toThrow(/loopback/);
    await expect(checkUrl("ws://127.0.0.1:3001/mcp", dev)).resolves.toBeUndefined();
    await expect(checkUrl("wss://93.184.216.34/mcp", production)).resolves.toBeUndefined();
    await expect(checkUrl("file:///etc/passwd", dev)).rejects.toThrow(
      "only http, https, ws and wss are supported, got file:",
    );
  });
});
