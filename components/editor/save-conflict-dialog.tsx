"use client";
/**
 * When someone else saved this workflow first: reload their version (dropping these edits) or overwrite it with this
 * one.
 */
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
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
    <Modal
      title="This workflow changed elsewhere"
      testId="save-conflict-dialog"
      role="alertdialog"
      actions={
        <>
          <Button onClick={reload} data-testid="conflict-reload">
            Reload their version
          </Button>
          <Button variant="danger" onClick={() => void overwrite()} data-testid="conflict-overwrite">
            Overwrite with mine
          </Button>
        </>
      }
    >
      Someone saved it after you opened it — in another tab, or another person. Reload to see their version (your
      unsaved edits here are dropped), or overwrite it with yours.
    </Modal>
  );
}
