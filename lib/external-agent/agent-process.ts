/**
 * The External Agent's process mode, the seed's OpenCode pattern: start an agent program (its
 * command on the MCP allow-list, host access on) that finds the gateway's URL and a token scoped to
 * the node's tools in its environment — SWITCHBOARD_GATEWAY_URL, SWITCHBOARD_GATEWAY_TOKEN, and
 * SWITCHBOARD_MCP_CONFIG naming an MCP client configuration file in the format Cursor, Claude Code
 * and most MCP clients read — with its task in SWITCHBOARD_TASK; wait for it to exit and take what
 * it printed as the answer. It runs in the sandbox (lib/sandbox) with a network, since it talks to
 * the gateway over HTTP. The token never appears in the answer or an error.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { reaperHooks } from "../mcp/process-reaper";
import { checkCommand } from "../mcp/safety";
import { sharedRedis } from "../queue/redis";
import { stderrSummary } from "../mcp/stderr-summary";
import { childEnvironment } from "../platform/child-env";
import { redactSecrets } from "../secrets/resolve";
import { runExecutable } from "../tools/run-executable";

export type AgentProcess = {
  runId: string;
  command: string;
  args: string[];
  task: string;
  gatewayUrl: string;
  token: string;
  timeoutMs: number;
  signal: AbortSignal;
};

const MAX_OUTPUT_BYTES = 1_000_000;

/** An MCP client configuration with the gateway as its one server, reached over Streamable HTTP with the token. */
export function gatewayClientConfig(gatewayUrl: string, token: string) {
  return {
    mcpServers: { switchboard: { type: "http", url: gatewayUrl, headers: { Authorization: `Bearer ${token}` } } },
  };
}

export async function runAgentProcess(agent: AgentProcess): Promise<string> {
  checkCommand(agent.command);
  const dir = await mkdtemp(path.join(tmpdir(), "switchboard-agent-"));
  const configPath = path.join(dir, "mcp.json");
  const hide = (text: string) => redactSecrets(text, [agent.token]);
  try {
    await writeFile(configPath, JSON.stringify(gatewayClientConfig(agent.gatewayUrl, agent.token), null, 2), {
      mode: 0o600,
    });
    const env = {
      ...childEnvironment(),
      SWITCHBOARD_GATEWAY_URL: agent.gatewayUrl,
      SWITCHBOARD_GATEWAY_TOKEN: agent.token,
      SWITCHBOARD_MCP_CONFIG: configPath,
      SWITCHBOARD_TASK: agent.task,
    };
    const reaper = reaperHooks(sharedRedis(), agent.runId); // a worker's death does not leave the agent running
    // In the sandbox it reads its configuration's folder and reaches the gateway over the network, and writes nothing
    // of the host.
    const box = { readOnlyRoots: [dir], network: true };
    const result = await runExecutable(agent.command, agent.args, {
      env,
      ...box,
      timeoutMs: agent.timeoutMs,
      maxOutputBytes: MAX_OUTPUT_BYTES,
      signal: agent.signal,
      ...reaper,
    });
    const said = stderrSummary(result.stderr);
    if (result.timedOut)
      throw new Error(`command: "${agent.command}" did not finish within ${agent.timeoutMs / 1000} s`);
    if (result.exitCode !== 0) {
      const exit = result.exitCode === null ? "no code (its output was too long)" : `code ${result.exitCode}`;
      throw new Error(hide(`command: "${agent.command}" exited with ${exit}${said ? ` — stderr: ${said}` : ""}`));
    }
    return hide(result.stdout.trim());
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
