/**
 * Operator safety rails for MCP servers: stdio executables must be on an allow-list
 * (`SWITCHBOARD_MCP_COMMANDS`, default node,npx,uvx,python3), a child gets only the env its node
 * declares plus PATH and HOME, and HTTP URLs that resolve to private, link-local or metadata
 * addresses are refused unless `SWITCHBOARD_MCP_ALLOW_PRIVATE=1` (loopback is allowed outside production).
 */
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import path from "node:path";

export class McpSafetyError extends Error {}

type Env = Record<string, string | undefined>;

const DEFAULT_COMMANDS = ["node", "npx", "uvx", "python3"];

export function allowedCommands(env: Env = process.env): string[] {
  const configured = env.SWITCHBOARD_MCP_COMMANDS?.split(",").map((c) => c.trim()).filter(Boolean);
  return configured && configured.length > 0 ? configured : DEFAULT_COMMANDS;
}

/** The executable's base name must be allowed; a path is fine when its base name is (`/usr/bin/node`). */
export function checkCommand(command: string, env: Env = process.env): void {
  const allowed = allowedCommands(env);
  const name = path.basename(command);
  if (!allowed.includes(name) && !allowed.includes(command)) {
    throw new McpSafetyError(`command "${command}" is not on the MCP allow-list (${allowed.join(", ")}); an operator can extend SWITCHBOARD_MCP_COMMANDS`);
  }
}


const loopback = new BlockList();
loopback.addSubnet("127.0.0.0", 8, "ipv4");
loopback.addAddress("::1", "ipv6");

const restricted = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["169.254.0.0", 16], // link-local, including the cloud metadata address 169.254.169.254
  ["172.16.0.0", 12],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  restricted.addSubnet(net, bits, "ipv4");
for (const [net, bits] of [
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
  ["::", 128],
] as const)
  restricted.addSubnet(net, bits, "ipv6");

function classify(address: string): "loopback" | "restricted" | "public" {
  const family = isIP(address) === 6 ? "ipv6" : "ipv4";
  const mapped = family === "ipv6" ? address.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i)?.[1] : undefined;
  if (mapped) return classify(mapped);
  if (loopback.check(address, family)) return "loopback";
  if (restricted.check(address, family)) return "restricted";
  return "public";
}

export type UrlPolicy = { allowPrivate: boolean; allowLoopback: boolean };

export function urlPolicy(env: Env = process.env): UrlPolicy {
  const allowPrivate = env.SWITCHBOARD_MCP_ALLOW_PRIVATE === "1";
  return { allowPrivate, allowLoopback: allowPrivate || env.NODE_ENV !== "production" };
}

/** Resolves the host and refuses addresses the policy does not allow. */
export async function checkUrl(url: string, policy: UrlPolicy = urlPolicy()): Promise<void> {
  const parsed = new URL(url);
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") throw new McpSafetyError(`url: only http and https are supported, got ${parsed.protocol}`);
  if (policy.allowPrivate) return;
  const host = parsed.hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((entry) => entry.address);
  for (const address of addresses) {
    const kind = classify(address);
    if (kind === "restricted" || (kind === "loopback" && !policy.allowLoopback)) {
      throw new McpSafetyError(`url ${parsed.host} resolves to ${kind === "loopback" ? "a loopback" : "a private, link-local or metadata"} address (${address}); set SWITCHBOARD_MCP_ALLOW_PRIVATE=1 to allow it`);
    }
  }
}
