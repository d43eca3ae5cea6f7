"use client";
/** A document's Delete button: asks first, then deletes the document and its chunks; the page shows the list again. */
import { Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { KnowledgeDocumentView } from "@/lib/knowledge/knowledge-store";
import { deleteKnowledge } from "./knowledge-api";

type Props = {
  baseId: string;
  document: KnowledgeDocumentView;
  /** Runs the call, shows its error or refreshes the page (KnowledgeManager's `act`). */
  act: (failure: Promise<{ error?: string }>) => Promise<boolean>;
};

export function DeleteDocumentButton({ baseId, document, act }: Props) {
  const [asking, setAsking] = useState(false);
  const remove = () => {
    setAsking(false);
    void act(deleteKnowledge(`/${encodeURIComponent(baseId)}/documents/${encodeURIComponent(document.id)}`));
  };
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="knowledge-document-delete"
        data-testid="knowledge-document-delete"
        aria-label={`Delete ${document.name}`}
        onClick={() => setAsking(true)}
      >
        <Trash2 size={14} aria-hidden /> Delete
      </Button>
      {asking && (
        <ConfirmDialog
          title={`Delete “${document.name}”?`}
          confirmLabel="Delete document"
          onCancel={() => setAsking(false)}
          onConfirm={remove}
        >
          The document and its chunks are removed for good: searches and agents no longer find them.
          {document.status === "queued" || document.status === "indexing" ? " Its indexing stops." : ""}
        </ConfirmDialog>
      )}
    </>
  );
}
