"use client";
/**
 * Adds a configured catalogue server to the workflow as a person would by hand: an MCP Server node in tool mode holding
 * the server's params, or a workflow-level server (in `mcpServers`) and a node that refers to it by name.
 */
import { useCallback } from "react";
import type { McpServerConfig } from "@/lib/mcp/config";
import { nodeParamsOf, workflowServerName, type CatalogueEntry } from "@/lib/mcp-catalogue";
import { MCP_SERVER_TYPE } from "@/lib/mcp/mcp-names";
import { usePaletteAdd } from "@/hooks/use-drag-and-drop";
import { useEditorStoreApi } from "../editor-store-context";

export type AddAs = "node" | "workflow";

export function useAddFromCatalogue() {
  const store = useEditorStoreApi();
  const { addAtCentre } = usePaletteAdd();
  return useCallback(
    (entry: CatalogueEntry, config: McpServerConfig, as: AddAs): string | undefined => {
      if (as === "node")
        return addAtCentre(MCP_SERVER_TYPE, { label: entry.title, mode: "tool", params: nodeParamsOf(config) });
      const declared = (store.getState().mcpServers ?? {}) as Record<string, unknown>;
      const name = workflowServerName(entry.id, declared, config);
      // Workflow settings have no setter of their own: an edit bumps the revision so it is saved (as the JSON does).
      store.setState((state) => ({ mcpServers: { ...declared, [name]: config }, revision: state.revision + 1 }));
      return addAtCentre(MCP_SERVER_TYPE, {
        label: entry.title,
        mode: "tool",
        params: { transport: "ref", ref: name },
      });
    },
    [addAtCentre, store],
  );
}
