/**
 * A signal for one job that aborts when the process-wide shutdown signal does. Disposing it
 * removes the listener, so thousands of jobs never pile listeners onto the shared signal.
 */
export function childSignal(parent: AbortSignal): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const abort = () => controller.abort(parent.reason);
  if (parent.aborted) abort();
  else parent.addEventListener("abort", abort, { once: true });
  return { signal: controller.signal, dispose: () => parent.removeEventListener("abort", abort) };
}
