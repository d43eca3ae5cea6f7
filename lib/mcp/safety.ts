/**
 * Operator safety rails for MCP servers: stdio executables must be on an allow-list
 * (`SWITCHBOARD_MCP_COMMANDS`, default node,npx,uvx,python3) and get only their declared env
 * (lib/platform/child-env.ts); HTTP and WebSocket URLs follow the address policy every outbound
 * request follows (lib/net/address-policy.ts).
 */
import path from "node:path";
import { addressPolicy, AddressRefusedError, checkUrl as checkNetUrl, type AddressPolicy } from "../net/address-policy";
import { REMOTE_URL_SCHEMES } from "./remote-protocol";

export class McpSafetyError extends Error {}

type Env = Record<string, string | undefined>;

const DEFAULT_COMMANDS = ["node", "npx", "uvx", "python3"];

export function allowedCommands(env: Env = process.env): string[] {
  const configured = env.SWITCHBOARD_MCP_COMMANDS?.split(",")
    .map((c) => c.trim())
    .filter(Boolean);
  return configured && configured.length > 0 ? configured : DEFAULT_COMMANDS;
}

/** The executable's base name must be allowed; a path is fine when its base name is (`/usr/bin/node`). */
export function checkCommand(command: string, env: Env = process.env): void {
  const allowed = allowedCommands(env);
  const name = path.basename(command);
  if (!allowed.includes(name) && !allowed.includes(command)) {
    throw new McpSafetyError(
      `command "${command}" is not on the MCP allow-list (${allowed.join(", ")}); an operator can extend ` +
        `SWITCHBOARD_MCP_COMMANDS`,
    );
  }
}

/**
 * The shared address policy (lib/net/address-policy.ts) for http(s) and ws(s) URLs alike, its refusals as MCP safety
 * errors.
 */
export async function checkUrl(url: string, policy: AddressPolicy = addressPolicy()): Promise<void> {
  try {
    await checkNetUrl(url, policy, REMOTE_URL_SCHEMES);
  } catch (error) {
    if (error instanceof AddressRefusedError) throw new McpSafetyError(error.message);
    throw error;
  }
}
