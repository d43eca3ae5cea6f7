/**
 * The editor's live check in a Web Worker: the pure compiler (with its parameter validators) and the idle-Entry rule,
 * off the page's thread, so checking a large graph after an edit never stalls a click or a drag frame. The page sends
 * the catalogue once, then a graph per check; each answer carries its check's number (live-compiler.ts).
 */
import type { ComponentMeta } from "@/lib/nodes/types";
import type { WorkflowGraph } from "@/lib/workflow/graph";
import { catalogueLookup } from "../graph-conversion";
import { checkGraph, type Problem } from "./check-graph";

export type CompileRequest =
  | { kind: "catalogue"; catalogue: ComponentMeta[] }
  | { kind: "check"; id: number; graph: WorkflowGraph; hostTools?: boolean };
export type CompileAnswer = { id: number; problems: Problem[] };

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<CompileRequest>) => void) | null;
  postMessage: (answer: CompileAnswer) => void;
};
let lookup = catalogueLookup([]);

scope.onmessage = ({ data }) => {
  if (data.kind === "catalogue") lookup = catalogueLookup(data.catalogue);
  else scope.postMessage({ id: data.id, problems: checkGraph(data.graph, lookup, data.hostTools) });
};
