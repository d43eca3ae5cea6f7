/** The app's modal dialog: a backdrop, a titled box, its body and its row of actions. */
import { useId, type ReactNode } from "react";

type ModalProps = {
  title: string;
  testId: string;
  /** "alertdialog" for a question the person must answer before going on. */
  role?: "dialog" | "alertdialog";
  children: ReactNode;
  actions: ReactNode;
  /** Added to the box's class (a wider dialog). */
  className?: string;
};

export function Modal({ title, testId, role = "dialog", children, actions, className }: ModalProps) {
  const titleId = useId();
  return (
    <div className="modal-backdrop">
      <div
        className={className ? `modal ${className}` : "modal"}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid={testId}
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
