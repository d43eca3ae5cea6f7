/**
 * What the editor's and the live run view's browser code may not pull in at open: zod. Its schemas are the server's
 * (parsing saves, plans, events); in the editor's bundle the library and the schemas built as their
 * modules load cost ~100 KB of script and ~30 ms of the page's main thread on every open (issue 31).
 * The pages read the few names and limits they share with them from zod-free modules
 * (lib/workflow/constants.ts and its kind), and load code that does parse (a pasted MCP servers
 * setting) only when used. Follows the imports a browser runs from each page's root component: type-only
 * imports, dynamic imports (their own chunks, loaded later) and server actions (a "use server" module
 * reaches the browser as a stub) are left out.
 */
import { readFileSync } from "node:fs";
import { cruise, type IModule } from "dependency-cruiser";
import extractTSConfig from "dependency-cruiser/config-utl/extract-ts-config";
import { describe, expect, it } from "vitest";

/** The root client components of the pages kept free of zod. */
const ENTRIES = ["components/editor/workflow-editor.tsx", "components/run-view/run-view.tsx"];

const isServerActions = (file: string) =>
  /\.(ts|tsx)$/.test(file) && /^\s*(\/\*[\s\S]*?\*\/\s*)?["']use server["']/.test(readFileSync(file, "utf8"));

const followed = (dependency: IModule["dependencies"][number]) =>
  !dependency.dependencyTypes.includes("type-only") && !dependency.dependencyTypes.includes("dynamic-import");

/** Each module a page loads at open, with the chain of imports that brought it in, and the modules by name. */
async function loadedAtOpen(entry: string): Promise<{ chains: Map<string, string[]>; modules: Map<string, IModule> }> {
  const result = await cruise(
    [entry],
    { doNotFollow: { path: "node_modules" }, tsPreCompilationDeps: true, tsConfig: { fileName: "tsconfig.json" } },
    {},
    { tsConfig: extractTSConfig("tsconfig.json") },
  );
  const modules = new Map(
    (typeof result.output === "string" ? [] : result.output.modules).map((module: IModule) => [module.source, module]),
  );
  const chains = new Map<string, string[]>([[entry, [entry]]]);
  const queue = [entry];
  for (let source = queue.shift(); source !== undefined; source = queue.shift()) {
    for (const dependency of (modules.get(source)?.dependencies ?? []).filter(followed)) {
      const target = dependency.resolved;
      if (chains.has(target) || (!target.startsWith("node_modules/") && isServerActions(target))) continue;
      chains.set(target, [...chains.get(source)!, target]);
      queue.push(target);
    }
  }
  return { chains, modules };
}

describe("the browser code of a page at open", () => {
  it.each(ENTRIES)(
    "does not load zod: %s",
    async (entry) => {
      const { chains, modules } = await loadedAtOpen(entry);
      expect(chains.size).toBeGreaterThan(50); // the walk did follow the page's imports
      const importingZod = [...chains.keys()].filter((source) =>
        modules.get(source)?.dependencies.some((dependency) => followed(dependency) && dependency.module === "zod"),
      );
      expect(importingZod.map((source) => chains.get(source)!.slice(1).join(" → "))).toEqual([]);
    },
    60_000,
  );
});
