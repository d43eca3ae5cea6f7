"use client";
/**
 * The editor's keyboard shortcuts (undo/redo, copy/paste, duplicate), ignored while typing in a
 * field. Delete/Backspace and shift-drag selection are React Flow's own. The list is shown in
 * the shortcuts popover (components/editor/shortcuts-help.tsx).
 */
import { useEffect } from "react";
import { useEditorStoreApi } from "@/components/editor/editor-store-context";

export const SHORTCUTS: { keys: string; does: string }[] = [
  { keys: "Ctrl/⌘ Z", does: "Undo" },
  { keys: "Shift Ctrl/⌘ Z", does: "Redo" },
  { keys: "Ctrl/⌘ C", does: "Copy selected nodes" },
  { keys: "Ctrl/⌘ V", does: "Paste (also into another workflow)" },
  { keys: "Ctrl/⌘ D", does: "Duplicate selected nodes" },
  { keys: "Delete / Backspace", does: "Delete the selection" },
  { keys: "Shift + drag", does: "Select with a box" },
  { keys: "Ctrl/⌘ click", does: "Add to the selection" },
  { keys: "Esc", does: "Clear the selection" },
  { keys: "Ctrl/⌘ S", does: "Save now" },
  { keys: "?", does: "Show these shortcuts" },
];

export function isTypingIn(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))
  );
}

export function useEditorShortcuts(onHelp: () => void) {
  const store = useEditorStoreApi();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (isTypingIn(event.target)) return;
      const state = store.getState();
      if (state.readOnly) return;
      const key = event.key.toLowerCase();
      if (!(event.metaKey || event.ctrlKey)) {
        if (event.key === "?") onHelp();
        if (event.key === "Escape") state.selectNode(null);
        return;
      }
      const action =
        key === "z"
          ? event.shiftKey
            ? state.redo
            : state.undo
          : key === "y"
            ? state.redo
            : key === "c"
              ? state.copySelection
              : key === "v"
                ? state.paste
                : key === "d"
                  ? state.duplicateSelection
                  : null;
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [store, onHelp]);
}
