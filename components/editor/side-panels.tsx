"use client";
/**
 * Collapsible palette and inspector: each folds into a narrow rail (one click, or the button on
 * the rail, opens it again) so the canvas takes the width; the choice is remembered per browser.
 */
import { PanelLeftClose, PanelLeftOpen, PanelRightClose, PanelRightOpen } from "lucide-react";
import { useCallback, useSyncExternalStore, type ReactNode } from "react";
import { cx } from "@/components/ui/class-names";
import "./side-panels.css";

type Side = "palette" | "inspector";

const keyOf = (side: Side) => `switchboard:${side}-collapsed`;
const CHANGED = "switchboard:side-panels";

function subscribe(onChange: () => void) {
  window.addEventListener(CHANGED, onChange);
  window.addEventListener("storage", onChange);
  return () => {
    window.removeEventListener(CHANGED, onChange);
    window.removeEventListener("storage", onChange);
  };
}

/** Whether the panel is collapsed (remembered in localStorage; open on the server's first render). */
export function useCollapsed(side: Side): [boolean, (collapsed: boolean) => void] {
  const collapsed = useSyncExternalStore(
    subscribe,
    () => localStorage.getItem(keyOf(side)) === "1",
    () => false,
  );
  const set = useCallback(
    (next: boolean) => {
      localStorage.setItem(keyOf(side), next ? "1" : "0");
      window.dispatchEvent(new Event(CHANGED));
    },
    [side],
  );
  return [collapsed, set];
}

const LABELS: Record<Side, string> = { palette: "components", inspector: "inspector" };

/** The panel with a collapse button in its corner, or the rail it folds into. */
export function SidePanel({ side, children }: { side: Side; children: ReactNode }) {
  const [collapsed, setCollapsed] = useCollapsed(side);
  const left = side === "palette";
  const Open = left ? PanelLeftOpen : PanelRightOpen;
  const Close = left ? PanelLeftClose : PanelRightClose;
  if (collapsed) {
    return (
      <div className={cx("side-rail", left ? "is-left" : "is-right")} data-testid={`${side}-rail`}>
        <button
          type="button"
          className="toolbar-icon-button"
          data-testid={`expand-${side}`}
          aria-label={`Show the ${LABELS[side]}`}
          title={`Show the ${LABELS[side]}`}
          onClick={() => setCollapsed(false)}
        >
          <Open size={16} aria-hidden />
        </button>
        <span className="side-rail-label">{left ? "Components" : "Inspector"}</span>
      </div>
    );
  }
  return (
    <div className={cx("side-panel", left ? "is-left" : "is-right")}>
      {children}
      <button
        type="button"
        className="toolbar-icon-button side-panel-collapse"
        data-testid={`collapse-${side}`}
        aria-label={`Hide the ${LABELS[side]}`}
        title={`Hide the ${LABELS[side]} to widen the canvas`}
        onClick={() => setCollapsed(true)}
      >
        <Close size={16} aria-hidden />
      </button>
    </div>
  );
}

/** The editor body's class: which columns are rails. */
export function useSidePanelClasses(): string {
  const [palette] = useCollapsed("palette");
  const [inspector] = useCollapsed("inspector");
  return cx(palette && "palette-collapsed", inspector && "inspector-collapsed");
}
