"use client";
/**
 * The workflow's own MCP servers (`mcpServers` on the graph): declared once as JSON, referenced
 * by name from MCP nodes (transport "Workflow MCP server"). Validated before it is kept, by the schema loaded
 * then. "Browse MCP servers" adds one from the catalogue.
 */
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useEditorStore, useEditorStoreApi } from "../editor-store-context";
import { McpCatalogueDialog } from "./lazy-catalogue-dialog";
import "./mcp.css";
import { describeIssues } from "@/lib/validation/describe-issues";

const PLACEHOLDER =
  '{ "docs": { "transport": "http", "url": "https://example.com/mcp", "headers": { "Authorization": { "$secret": ' +
  '"DOCS_TOKEN" } } } }';

const formatted = (servers: Record<string, unknown> | undefined) =>
  servers && Object.keys(servers).length > 0 ? JSON.stringify(servers, null, 2) : "";

export function WorkflowMcpServersSettings() {
  const store = useEditorStoreApi();
  const current = useEditorStore((state) => state.mcpServers);
  const readOnly = useEditorStore((state) => state.readOnly);
  const [text, setText] = useState(() => formatted(current));
  const [shown, setShown] = useState(current);
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [browsing, setBrowsing] = useState(false);
  // Servers added elsewhere (the MCP catalogue) show here at once, so an Apply of the old text cannot drop them.
  if (current !== shown) {
    setShown(current);
    setText(formatted(current));
  }

  async function apply() {
    let json: unknown = {};
    try {
      json = text.trim() ? JSON.parse(text) : {};
    } catch (error) {
      return setMessage({ error: true, text: `Not valid JSON: ${(error as Error).message}` });
    }
    // The servers' schema loads with the first Apply: it stays out of the editor's bundle at open.
    const { WorkflowMcpServers } = await import("@/lib/mcp/config");
    const parsed = WorkflowMcpServers.safeParse(json);
    if (!parsed.success) return setMessage({ error: true, text: describeIssues(parsed.error, "mcpServers") });
    // The store has no setter of its own for workflow settings; an edit bumps the revision so it is saved.
    store.setState((state) => ({ mcpServers: json as Record<string, unknown>, revision: state.revision + 1 }));
    setMessage({
      error: false,
      text: `${Object.keys(parsed.data).length} server(s) kept; save the workflow to store them.`,
    });
  }

  return (
    <details className="mcp-workflow-servers" data-testid="workflow-mcp-servers">
      <summary>Workflow MCP servers</summary>
      <textarea
        className="input textarea"
        rows={6}
        placeholder={PLACEHOLDER}
        value={text}
        readOnly={readOnly}
        onChange={(e) => setText(e.target.value)}
        data-testid="workflow-mcp-servers-json"
      />
      {!readOnly && (
        <>
          <Button size="sm" onClick={() => void apply()} data-testid="workflow-mcp-servers-apply">
            Apply
          </Button>{" "}
          <Button size="sm" variant="ghost" onClick={() => setBrowsing(true)} data-testid="workflow-mcp-servers-browse">
            Browse MCP servers
          </Button>
        </>
      )}
      {browsing && <McpCatalogueDialog addAs="workflow" onClose={() => setBrowsing(false)} />}
      {message && <p className={message.error ? "field-error" : "field-help"}>{message.text}</p>}
    </details>
  );
}
