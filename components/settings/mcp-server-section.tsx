"use client";
/**
 * Settings → MCP server: Switchboard's own MCP address and ready-to-paste client configurations (an API key goes where
 * it says).
 */
import { useEffect, useState } from "react";
import { CopyButton } from "@/components/ui/copy-button";

type Config = { id: string; label: string; text: (url: string) => string };

const KEY = "sb_YOUR_API_KEY";

const CONFIGS: Config[] = [
  {
    id: "claude",
    label: "Claude Desktop (claude_desktop_config.json)",
    text: (url) =>
      JSON.stringify(
        {
          mcpServers: {
            switchboard: {
              command: "npx",
              args: ["-y", "mcp-remote", url, "--header", `Authorization: Bearer ${KEY}`],
            },
          },
        },
        null,
        2,
      ),
  },
  {
    id: "cursor",
    label: "Cursor (.cursor/mcp.json)",
    text: (url) =>
      JSON.stringify({ mcpServers: { switchboard: { url, headers: { Authorization: `Bearer ${KEY}` } } } }, null, 2),
  },
  {
    id: "vscode",
    label: "VS Code (.vscode/mcp.json)",
    text: (url) =>
      JSON.stringify(
        { servers: { switchboard: { type: "http", url, headers: { Authorization: `Bearer ${KEY}` } } } },
        null,
        2,
      ),
  },
  {
    id: "inspector",
    label: "MCP Inspector (command line)",
    text: (url) =>
      `npx @modelcontextprotocol/inspector --cli ${url} --transport http --header "Authorization: Bearer ${KEY}" ` +
      `--method tools/list`,
  },
];

function CopyBlock({ config, url }: { config: Config; url: string }) {
  const text = config.text(url);
  return (
    <div className="mcp-config" data-testid={`mcp-config-${config.id}`}>
      <div className="mcp-config-head">
        <span>{config.label}</span>
        <CopyButton
          text={text}
          label={`Copy the ${config.label} configuration`}
          testId={`copy-mcp-config-${config.id}`}
          withText
        />
      </div>
      <pre>{text}</pre>
    </div>
  );
}

export function McpServerSection({ exposedCount }: { exposedCount: number }) {
  const [url, setUrl] = useState("/api/mcp/workflows");
  useEffect(() => setUrl(`${window.location.origin}/api/mcp/workflows`), []);
  return (
    <section className="settings-card" data-testid="mcp-server">
      <h2>MCP server</h2>
      <p>
        Any MCP client can call this Switchboard&apos;s workflows: the ones marked &quot;Expose over MCP&quot; in their
        workflow settings (and published) appear as tools ({exposedCount} now); run_workflow runs only those too, and
        list_workflows and get_run read every workflow. Send an API key as a Bearer token; viewers may list and read,
        editors may run, and a key limited to some workflows (API keys above) sees and reaches only those.
      </p>
      <p>
        Address: <code data-testid="mcp-server-url">{url}</code>
      </p>
      {CONFIGS.map((config) => (
        <CopyBlock key={config.id} config={config} url={url} />
      ))}
    </section>
  );
}
