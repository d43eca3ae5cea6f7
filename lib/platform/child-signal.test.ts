/** Child signals: they follow their parent while linked, and the parent carries one listener however many there are. */
import { getEventListeners } from "node:events";
import { describe, expect, it } from "vitest";
import { childSignal } from "./child-signal";

describe("childSignal", () => {
  it("aborts the children still linked, with the parent's reason, and not the ones disposed", () => {
    const parent = new AbortController();
    const kept = childSignal(parent.signal);
    const disposed = childSignal(parent.signal);
    disposed.dispose();
    parent.abort(new Error("shutting down"));
    expect(kept.signal.aborted).toBe(true);
    expect((kept.signal.reason as Error).message).toBe("shutting down");
    expect(disposed.signal.aborted).toBe(false);
  });

  it("puts one listener on the parent for any number of children", () => {
    const parent = new AbortController();
    const many = Array.from({ length: 100 }, () => childSignal(parent.signal));
    expect(getEventListeners(parent.signal, "abort")).toHaveLength(1);
    many.forEach((child) => child.dispose());
    const later = childSignal(parent.signal);
    expect(getEventListeners(parent.signal, "abort")).toHaveLength(1);
    parent.abort();
    expect(later.signal.aborted).toBe(true);
  });

  it("is born aborted under a parent that already is", () => {
    const parent = new AbortController();
    parent.abort("gone");
    expect(childSignal(parent.signal).signal.reason).toBe("gone");
  });
});
