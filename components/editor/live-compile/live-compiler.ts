/**
 * Where the editor's live checks run. The first (the opened graph, once the page is idle) runs on the page: a worker
 * starting while the page still loads competes with it for the CPU. Checks after edits run in a worker
 * (compile-worker.ts), started by the first of them, so a large graph's check never stalls the page; where a worker
 * cannot start or fails, they run on the page too. Only the newest check's problems are handed back.
 */
import type { ComponentMeta } from "@/lib/nodes/types";
import type { Catalogue } from "@/lib/workflow/compile";
import type { WorkflowGraph } from "@/lib/workflow/graph";
import { catalogueLookup } from "../graph-conversion";
import type { Problem } from "./check-graph";
import type { CompileAnswer, CompileRequest } from "./compile-worker";

export type LiveCompiler = {
  /** The graph's problems, or null when a newer check was asked for meanwhile (or the compiler was stopped). */
  check: (graph: WorkflowGraph, hostTools?: boolean) => Promise<Problem[] | null>;
  stop: () => void;
};

type Pending = { id: number; resolve: (problems: Problem[] | null) => void; graph: WorkflowGraph; hostTools?: boolean };

export function createLiveCompiler(catalogue: ComponentMeta[]): LiveCompiler {
  let worker: Worker | null | undefined; // undefined: not started yet; null: none (could not start, or failed)
  let latest = 0;
  let pending: Pending | null = null;
  const lookup = catalogueLookup(catalogue);

  const settle = (id: number, problems: Problem[]) => {
    if (pending?.id !== id) return;
    pending.resolve(problems);
    pending = null;
  };
  const onPage = ({ id, graph, hostTools }: Pending) =>
    void checkOnPage(lookup, graph, hostTools).then((problems) => settle(id, problems));
  const startWorker = () => {
    worker = newWorker();
    if (!worker) return;
    worker.onmessage = ({ data }: MessageEvent<CompileAnswer>) => settle(data.id, data.problems);
    worker.onerror = () => {
      worker?.terminate();
      worker = null;
      if (pending) onPage(pending);
    };
    post(worker, { kind: "catalogue", catalogue });
  };

  return {
    check(graph, hostTools) {
      const first = latest === 0;
      const id = (latest += 1);
      pending?.resolve(null);
      return new Promise((resolve) => {
        pending = { id, resolve, graph, hostTools };
        if (!first && worker === undefined) startWorker();
        if (worker) post(worker, { kind: "check", id, graph, hostTools });
        else onPage(pending);
      });
    },
    stop() {
      worker?.terminate();
      worker = null;
      pending?.resolve(null);
      pending = null;
    },
  };
}

function newWorker(): Worker | null {
  if (typeof Worker === "undefined") return null;
  try {
    return new Worker(new URL("./compile-worker.ts", import.meta.url), { type: "module", name: "live-compile" });
  } catch {
    return null;
  }
}

const post = (worker: Worker, request: CompileRequest) => worker.postMessage(request);

/** The check on the page: the compiler is a chunk of its own, fetched with the first check. */
async function checkOnPage(lookup: Catalogue, graph: WorkflowGraph, hostTools?: boolean) {
  const { checkGraph } = await import("./check-graph");
  return checkGraph(graph, lookup, hostTools);
}
