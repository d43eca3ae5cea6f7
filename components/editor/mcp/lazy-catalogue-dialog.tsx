"use client";
/**
 * The MCP catalogue dialog, loaded when it first opens: the catalogue's entries and the server
 * settings' schema it checks them with (lib/mcp/config.ts) stay out of the editor's bundle at open
 * (components/page-bundles.test.ts).
 */
import { loadWhenShown } from "@/components/ui/load-when-shown";

export const McpCatalogueDialog = loadWhenShown(() =>
  import("./mcp-catalogue-dialog").then((module) => module.McpCatalogueDialog),
);
