/**
 * Signals for work done under a shared one — a job under the worker's shutdown, a tool call under
 * its node's signal, a request under its MCP connection's: each aborts when the shared one does,
 * and disposing it forgets it. However many are in flight at once, the shared signal carries one
 * listener, which fans the abort out: no pile of listeners, no MaxListenersExceededWarning.
 */
const children = new WeakMap<AbortSignal, Set<AbortController>>();

function childrenOf(parent: AbortSignal): Set<AbortController> {
  let linked = children.get(parent);
  if (!linked) {
    const created = (linked = new Set());
    children.set(parent, created);
    parent.addEventListener(
      "abort",
      () => {
        for (const child of created) child.abort(parent.reason);
        created.clear();
      },
      { once: true },
    );
  }
  return linked;
}

export function childSignal(parent: AbortSignal): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  if (parent.aborted) {
    controller.abort(parent.reason);
    return { signal: controller.signal, dispose: () => undefined };
  }
  const linked = childrenOf(parent);
  linked.add(controller);
  return { signal: controller.signal, dispose: () => void linked.delete(controller) };
}
