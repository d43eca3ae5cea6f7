"use client";
/**
 * The workflow's own MCP servers (`mcpServers` on the graph): declared once as JSON, referenced
 * by name from MCP nodes (transport "Workflow MCP server"). Validated before it is kept.
 */
import { useState } from "react";
import { WorkflowMcpServers } from "@/lib/mcp/config";
import { Button } from "@/components/ui/button";
import { useEditorStore, useEditorStoreApi } from "../editor-store-context";
import "./mcp.css";
import { describeIssues } from "@/lib/validation/describe-issues";

const PLACEHOLDER =
  '{ "docs": { "transport": "http", "url": "https://example.com/mcp", "headers": { "Authorization": { "$secret": ' +
  '"DOCS_TOKEN" } } } }';

export function WorkflowMcpServersSettings() {
  const store = useEditorStoreApi();
  const current = useEditorStore((state) => state.mcpServers);
  const readOnly = useEditorStore((state) => state.readOnly);
  const [text, setText] = useState(() =>
    current && Object.keys(current).length > 0 ? JSON.stringify(current, null, 2) : "",
  );
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);

  function apply() {
    let json: unknown = {};
    try {
      json = text.trim() ? JSON.parse(text) : {};
    } catch (error) {
      return setMessage({ error: true, text: `Not valid JSON: ${(error as Error).message}` });
    }
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
        <Button size="sm" onClick={apply} data-testid="workflow-mcp-servers-apply">
          Apply
        </Button>
      )}
      {message && <p className={message.error ? "field-error" : "field-help"}>{message.text}</p>}
    </details>
  );
}
