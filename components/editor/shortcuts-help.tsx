"use client";
/** The keyboard-shortcuts popover behind the toolbar's keyboard button (and the `?` key). */
import { Keyboard, X } from "lucide-react";
import { useEffect, useRef } from "react";
import { SHORTCUTS } from "@/hooks/use-editor-shortcuts";

type ShortcutsHelpProps = { open: boolean; onOpenChange: (open: boolean) => void };

export function ShortcutsHelp({ open, onOpenChange }: ShortcutsHelpProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && onOpenChange(false);
    const onPointer = (event: PointerEvent) => !ref.current?.contains(event.target as Node) && onOpenChange(false);
    window.addEventListener("keydown", onKey);
    window.addEventListener("pointerdown", onPointer);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("pointerdown", onPointer);
    };
  }, [open, onOpenChange]);

  return (
    <div className="shortcuts" ref={ref}>
      <button
        type="button"
        className="toolbar-icon-button"
        data-testid="shortcuts-button"
        aria-label="Keyboard shortcuts"
        title="Keyboard shortcuts (?)"
        aria-expanded={open}
        onClick={() => onOpenChange(!open)}
      >
        <Keyboard size={16} aria-hidden />
      </button>
      {open && (
        <div className="shortcuts-popover" role="dialog" aria-label="Keyboard shortcuts" data-testid="shortcuts-help">
          <div className="shortcuts-title">
            Keyboard shortcuts
            <button
              type="button"
              className="toolbar-icon-button"
              aria-label="Close"
              onClick={() => onOpenChange(false)}
            >
              <X size={14} aria-hidden />
            </button>
          </div>
          <dl>
            {SHORTCUTS.map(({ keys, does }) => (
              <div key={keys} className="shortcut-row">
                <dt>
                  <kbd>{keys}</kbd>
                </dt>
                <dd>{does}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </div>
  );
}
