/**
 * Serves the editor bench's floor (floor-app.tsx) on a free port: the app bundled once by esbuild for production, and
 * for `/?nodes=N` a page with the large graph of N nodes inline (as the editor's page carries its graph), each node
 * with the size and handles the editor estimates for it (approximate-handles.ts).
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { build } from "esbuild";
import { approximateLayout } from "../../../components/editor/approximate-handles";
import { catalogueMeta } from "../../../lib/nodes";
import { largeWorkflowFile } from "../../support/large-graph";

/** The editor canvas's size beside the palette and the inspector, in the bench's 1440×900 window. */
const PANE = { width: 830, height: 785 };

export async function serveFloor(): Promise<{ url: string; close: () => Promise<void> }> {
  const bundled = await build({
    entryPoints: [path.join(import.meta.dirname, "floor-app.tsx")],
    bundle: true,
    minify: true,
    format: "esm",
    jsx: "automatic",
    write: false,
    define: { "process.env.NODE_ENV": '"production"' },
  });
  const script = bundled.outputFiles[0].text;
  const styles = readFileSync(createRequire(import.meta.url).resolve("@xyflow/react/dist/style.css"), "utf8");
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://floor");
    if (url.pathname === "/floor.js")
      return void response.writeHead(200, { "content-type": "text/javascript" }).end(script);
    if (url.pathname !== "/") return void response.writeHead(404).end();
    response.writeHead(200, { "content-type": "text/html" }).end(page(Number(url.searchParams.get("nodes") ?? 1000)));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const pages = new Map<number, string>();
  function page(nodeCount: number): string {
    const cached = pages.get(nodeCount);
    if (cached) return cached;
    const graph = JSON.stringify(floorGraph(nodeCount)).replaceAll("<", "\\u003c");
    const html = `<!doctype html><html><head><meta charset="utf-8"><title>Floor</title>
<style>${styles}${FLOOR_CSS}</style><script id="graph" type="application/json">${graph}</script>
</head><body><div id="root"></div><script type="module" src="/floor.js"></script></body></html>`;
    pages.set(nodeCount, html);
    return html;
  }
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The large graph's nodes as the editor starts them for a large graph: estimated size and handles, ports listed. */
function floorGraph(nodeCount: number) {
  const file = largeWorkflowFile("floor", nodeCount, nodeCount * 1.5);
  const meta = new Map(catalogueMeta().map((component) => [component.id, component]));
  const nodes = file.graph.nodes.map((node) => {
    const component = meta.get(node.type);
    const data = { ...node.data, mode: node.data.mode ?? "normal" };
    const outputs = component?.outputs.map((port) => port.name) ?? [];
    return {
      id: node.id,
      type: "floor",
      position: node.position,
      data: { label: data.label, inputs: component?.inputs.map((port) => port.name) ?? [], outputs },
      ...approximateLayout(data as Parameters<typeof approximateLayout>[0], component),
    };
  });
  return { nodes, edges: file.graph.edges };
}

const FLOOR_CSS = `
html, body { margin: 0; font: 13px system-ui, sans-serif; }
#root { width: ${PANE.width}px; height: ${PANE.height}px; }
.floor-node { width: 240px; background: #fff; border: 1px solid #d4d4d8; border-radius: 8px; }
.node-header { padding: 12px; font-weight: 600; border-bottom: 1px solid #e4e4e7; }
.floor-row { position: relative; display: flex; justify-content: space-between; height: 24px; padding: 0 12px; }
.react-flow__node.selected .floor-node { outline: 2px solid #6366f1; }
`;
