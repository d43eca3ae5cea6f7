/**
 * The MCP catalogue: well-known MCP servers a person adds to a workflow in one click (the editor's Browse MCP servers).
 * Installed ones first, then those npx or uvx downloads, then remote ones. How to add an entry: README.md.
 */
import { bundledEntries } from "./bundled-entries";
import { downloadEntries } from "./download-entries";
import { remoteEntries } from "./remote-entries";
import type { CatalogueEntry } from "./types";

export const MCP_CATALOGUE: readonly CatalogueEntry[] = [...bundledEntries, ...downloadEntries, ...remoteEntries];

export const catalogueEntry = (id: string): CatalogueEntry | undefined =>
  MCP_CATALOGUE.find((entry) => entry.id === id);

/** The entries whose title, description, package or keywords hold every word of the query. */
export function searchCatalogue(query: string, entries: readonly CatalogueEntry[] = MCP_CATALOGUE): CatalogueEntry[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return entries.filter((entry) => {
    const launch = entry.launch.kind === "remote" ? entry.launch.url : entry.launch.package;
    const text = [entry.id, entry.title, entry.description, launch, ...entry.keywords].join(" ").toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

export { configureServer, nodeParamsOf, workflowServerName } from "./configure";
export { commandLine, describeInstall } from "./install-line";
export type { CatalogueEntry, CatalogueField, CatalogueValues } from "./types";
