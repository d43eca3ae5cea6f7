"use client";
/**
 * The app's modal dialog: a backdrop, a titled box, its body and its row of actions. With `onCancel`, Escape (wherever
 * the focus is) or a click on the backdrop cancels it.
 */
import { useEffect, useId, type ReactNode } from "react";

type ModalProps = {
  title: string;
  testId: string;
  /** "alertdialog" for a question the person must answer before going on. */
  role?: "dialog" | "alertdialog";
  children: ReactNode;
  actions: ReactNode;
  /** Added to the box's class (a wider dialog). */
  className?: string;
  onCancel?: () => void;
};

export function Modal({ title, testId, role = "dialog", children, actions, className, onCancel }: ModalProps) {
  const titleId = useId();
  useCancelOnEscape(onCancel);
  return (
    <div className="modal-backdrop" onClick={onCancel}>
      <div
        className={className ? `modal ${className}` : "modal"}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
        onClick={(event) => event.stopPropagation()}
      >
        <h2 id={titleId} className="modal-title">
          {title}
        </h2>
        <div className="modal-body">{children}</div>
        <div className="modal-actions">{actions}</div>
      </div>
    </div>
  );
}

/** Escape cancels, wherever the focus is. */
export function useCancelOnEscape(onCancel: (() => void) | undefined) {
  useEffect(() => {
    if (!onCancel) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && onCancel();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onCancel]);
}
