"use client";
/** Approve / reject / edit, as a person decides a tool call's approval or an Approval step. */
import { Button } from "@/components/ui/button";

type DecisionButtonsProps = {
  sending: boolean;
  editing: boolean;
  /** Offer "edit" (hidden while editing). */
  canEdit: boolean;
  labels: { approve: string; approveEdited: string; reject: string; edit: string };
  testIds: { approve: string; reject: string; edit: string };
  onApprove: () => void;
  onReject: () => void;
  onEdit: () => void;
};

export function DecisionButtons({ sending, editing, canEdit, labels, testIds, ...on }: DecisionButtonsProps) {
  return (
    <div className="approval-actions">
      <Button variant="primary" size="sm" disabled={sending} onClick={on.onApprove} data-testid={testIds.approve}>
        {editing ? labels.approveEdited : labels.approve}
      </Button>
      <Button variant="danger" size="sm" disabled={sending} onClick={on.onReject} data-testid={testIds.reject}>
        {labels.reject}
      </Button>
      {!editing && canEdit && (
        <Button variant="ghost" size="sm" onClick={on.onEdit} data-testid={testIds.edit}>
          {labels.edit}
        </Button>
      )}
    </div>
  );
}
