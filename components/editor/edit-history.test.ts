/** Undo/redo steps: one per edit, one per gesture, and redo forgotten after a new edit. */
import { describe, expect, it } from "vitest";
import { emptyHistory, endGesture, recordEdit, redoEdit, undoEdit, type Snapshot } from "./edit-history";

const snap = (name: string): Snapshot => ({ nodes: [], edges: [], name });

describe("edit history", () => {
  it("undoes and redoes edits in order", () => {
    let history = recordEdit(emptyHistory(), snap("a"), null);
    history = recordEdit(history, snap("b"), null);
    const first = undoEdit(history, snap("c"))!;
    expect(first.snapshot.name).toBe("b");
    const second = undoEdit(first.history, first.snapshot)!;
    expect(second.snapshot.name).toBe("a");
    expect(undoEdit(second.history, second.snapshot)).toBeNull();
    const again = redoEdit(second.history, second.snapshot)!;
    expect(again.snapshot.name).toBe("b");
  });

  it("makes one step of a gesture until it ends", () => {
    let history = recordEdit(emptyHistory(), snap("before drag"), "drag");
    history = recordEdit(history, snap("mid drag"), "drag");
    expect(history.past.map((s) => s.name)).toEqual(["before drag"]);
    history = recordEdit(endGesture(history), snap("after drag"), "drag");
    expect(history.past.map((s) => s.name)).toEqual(["before drag", "after drag"]);
  });

  it("forgets redo after a new edit", () => {
    const history = recordEdit(emptyHistory(), snap("a"), null);
    const undone = undoEdit(history, snap("b"))!;
    expect(undone.history.future).toHaveLength(1);
    expect(recordEdit(undone.history, snap("a"), null).future).toHaveLength(0);
  });
});
