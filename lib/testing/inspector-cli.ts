/**
 * The official MCP Inspector's command line (`@modelcontextprotocol/inspector --cli`) as tests
 * drive it: a real third-party MCP client in its own process, talking Streamable HTTP to a URL
 * with the headers given, printing one JSON answer.
 */
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const INSPECTOR = path.resolve(
  import.meta.dirname,
  "../../node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js",
);
const run = promisify(execFile);

/** Runs the Inspector CLI against `url` and parses the JSON it prints; rejects (with its output) when it fails. */
export async function inspectorCli(
  url: string,
  headers: Record<string, string>,
  ...args: string[]
): Promise<Record<string, unknown>> {
  const catalog = path.join(mkdtempSync(path.join(tmpdir(), "inspector-")), "mcp.json");
  const headerArgs = Object.entries(headers).flatMap(([name, value]) => ["--header", `${name}: ${value}`]);
  const { stdout } = await run(
    process.execPath,
    [INSPECTOR, "--cli", url, "--transport", "http", ...headerArgs, ...args],
    {
      env: { ...process.env, MCP_CATALOG_PATH: catalog },
      timeout: 30_000,
    },
  );
  return JSON.parse(stdout);
}
