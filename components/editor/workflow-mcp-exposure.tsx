"use client";
/**
 * Workflow settings: offer this workflow as a tool on the Switchboard MCP server (/api/mcp/workflows), with a tool name
 * and description.
 */
import { Share2 } from "lucide-react";
import { referenceName } from "@/lib/workflow/template";
import { ExposureSwitch } from "./exposure-switch";
import { useEditorStore } from "./editor-store-context";

/**
 * Shown as the placeholder: what the MCP server calls the tool when no name is set
 * (lib/mcp-server/exposed-workflows.ts).
 */
const suggestedName = (name: string) => referenceName(name).slice(0, 64) || "workflow";

export function WorkflowMcpExposure() {
  const { mcp, name, setSettings } = useEditorStore((state) => ({
    mcp: state.settings?.mcp,
    name: state.name,
    setSettings: state.setSettings,
  }));
  const expose = mcp?.expose === true;
  const update = (change: Partial<NonNullable<typeof mcp>>) => setSettings({ mcp: { expose, ...mcp, ...change } });
  return (
    <div className="workflow-mcp-exposure" data-testid="mcp-exposure">
      <ExposureSwitch
        label={
          <>
            <Share2 size={13} aria-hidden /> Expose over MCP
          </>
        }
        checked={expose}
        onChange={(checked) => update({ expose: checked })}
        testId="mcp-expose-toggle"
      />
      <p className="field-help">
        MCP clients (Claude Desktop, Cursor, VS Code…) with an API key can call this workflow as a tool, as its
        published version says: a change here takes effect when you publish. Settings → MCP server has the address.
      </p>
      {expose && (
        <>
          <div className="field">
            <label className="field-label" htmlFor="mcp-tool-name">
              Tool name
            </label>
            <input
              id="mcp-tool-name"
              className="input"
              placeholder={suggestedName(name)}
              value={mcp?.toolName ?? ""}
              onChange={(e) => update({ toolName: e.target.value || undefined })}
              data-testid="mcp-tool-name"
            />
          </div>
          <div className="field">
            <label className="field-label" htmlFor="mcp-tool-description">
              Description
            </label>
            <textarea
              id="mcp-tool-description"
              className="input textarea"
              rows={2}
              placeholder={`Runs the workflow "${name}"`}
              value={mcp?.description ?? ""}
              onChange={(e) => update({ description: e.target.value || undefined })}
            />
          </div>
        </>
      )}
    </div>
  );
}
