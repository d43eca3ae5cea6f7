"use client";
/**
 * When someone else saved this workflow first: reload their version (dropping these edits) or overwrite it with this
 * one.
 */
import { Button } from "@/components/ui/button";
import { useEditorStore, useEditorStoreApi } from "./editor-store-context";

export function SaveConflictDialog({ overwrite }: { overwrite: () => Promise<boolean> }) {
  const conflict = useEditorStore((state) => state.conflict);
  const store = useEditorStoreApi();
  if (!conflict) return null;
  const reload = () => {
    // nothing to warn about: the person chose to drop these edits
    store.setState((state) => ({ savedRevision: state.revision }));
    window.location.reload();
  };
  return (
    <div className="modal-backdrop">
      <div
        className="modal"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="conflict-title"
        data-testid="save-conflict-dialog"
      >
        <h2 id="conflict-title" className="modal-title">
          This workflow changed elsewhere
        </h2>
        <p className="modal-body">
          Someone saved it after you opened it — in another tab, or another person. Reload to see their version (your
          unsaved edits here are dropped), or overwrite it with yours.
        </p>
        <div className="modal-actions">
          <Button onClick={reload} data-testid="conflict-reload">
            Reload their version
          </Button>
          <Button variant="danger" onClick={() => void overwrite()} data-testid="conflict-overwrite">
            Overwrite with mine
          </Button>
        </div>
      </div>
    </div>
  );
}
