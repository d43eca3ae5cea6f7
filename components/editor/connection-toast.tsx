"use client";
/** A short-lived message at the bottom of the canvas saying why a connection was refused. */
import { Ban } from "lucide-react";
import { useEffect } from "react";
import { useEditorStore } from "./editor-store-context";

const VISIBLE_MS = 4000;

export function ConnectionToast() {
  const { toast, dismissToast } = useEditorStore((state) => ({ toast: state.toast, dismissToast: state.dismissToast }));
  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(dismissToast, VISIBLE_MS);
    return () => clearTimeout(timer);
  }, [toast, dismissToast]);
  if (!toast) return null;
  return (
    <div key={toast.id} className="toast" role="status" data-testid="connection-toast">
      <Ban size={14} aria-hidden />
      <span>{toast.message}</span>
    </div>
  );
}
