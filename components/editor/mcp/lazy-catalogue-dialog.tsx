"use client";
/**
 * The MCP catalogue dialog, loaded when it first opens: the catalogue's entries and the server
 * settings' schema it checks them with (lib/mcp/config.ts) stay out of the editor's bundle at open
 * (components/editor/editor-bundle.test.ts).
 */
import { lazy, Suspense, type ComponentProps } from "react";

const Dialog = lazy(() => import("./mcp-catalogue-dialog").then((module) => ({ default: module.McpCatalogueDialog })));

export function McpCatalogueDialog(props: ComponentProps<typeof Dialog>) {
  return (
    <Suspense fallback={null}>
      <Dialog {...props} />
    </Suspense>
  );
}
