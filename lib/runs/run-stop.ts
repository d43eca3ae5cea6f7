/** Why a run stopped before its nodes were done, carried as the abort reason of the run's signal. */
export type RunStopKind = "cancelled" | "timeout" | "budget" | "lease-lost" | "shutdown";

export class RunStop extends Error {
  constructor(
    readonly kind: RunStopKind,
    message: string,
  ) {
    super(message);
  }
}

/** A node that failed (or timed out); its message names the node for the run view. */
export class NodeFailure extends Error {
  constructor(
    readonly nodeId: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Rejects with the signal's reason as soon as it aborts, so a component that ignores its signal cannot hold a run open.
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}
