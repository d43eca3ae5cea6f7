/**
 * fetch for MCP client transports, which hand every request the same signal (theirs, aborted when the
 * connection closes): fetch leaves an abort listener on a request's signal until it is
 * garbage-collected, so a connection making many calls piles them up on that one signal (and Node
 * prints MaxListenersExceededWarning). Each request is sent with a signal of its own, linked to the
 * shared one until its answer is back — or for good when the answer is an event stream, which
 * closing the connection must still cut.
 */
import { childSignal } from "./child-signal";

type Fetch = (input: string | URL, init?: RequestInit) => Promise<Response>;

export function ownSignalFetch<F extends Fetch>(base: F): F {
  return (async (input: string | URL, init?: RequestInit) => {
    if (!init?.signal) return base(input, init);
    const linked = childSignal(init.signal);
    let streaming = false;
    try {
      const response = await base(input, { ...init, signal: linked.signal });
      streaming = response.headers.get("content-type")?.startsWith("text/event-stream") === true;
      return response;
    } finally {
      if (!streaming) linked.dispose();
    }
  }) as F;
}
