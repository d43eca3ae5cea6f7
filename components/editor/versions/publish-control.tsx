"use client";
/**
 * The toolbar's say on what is live: which version the workflow's triggers run (or that nothing is live yet),
 * Publish (saves, then publishes the draft with an optional note; a draft that does not compile is refused with its
 * problems) and the History.
 */
import { CircleDot, FileClock, Rocket } from "lucide-react";
import { useState } from "react";
import { Modal } from "@/components/ui/modal";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/class-names";
import { HistoryDialog } from "./history-dialog";
import { postWorkflowRoute, RouteProblem, useWorkflowHistory } from "./use-workflow-history";

/** `publishedVersion`: the live version when the page loaded; the history, once read, says it from then on. */
type Props = { workflowId: string; publishedVersion: number | null; canPublish: boolean; save: () => Promise<boolean> };

export function PublishControl({ workflowId, publishedVersion, canPublish, save }: Props) {
  const history = useWorkflowHistory(workflowId);
  const [dialog, setDialog] = useState<"publish" | "history" | null>(null);
  const live = history.history ? history.history.live : publishedVersion;
  return (
    <div className="toolbar-group">
      <span
        className={cx("publish-state", live ? "is-live" : "is-unpublished")}
        data-testid="publish-state"
        title={
          live
            ? `Webhooks, schedules, the MCP tool and Workflow Tools run version ${live}; Run here runs the draft`
            : "Nothing of this workflow is live: its webhooks, schedules and MCP tool run only once it is published"
        }
      >
        <CircleDot size={11} aria-hidden /> {live ? `v${live} live` : "Not published"}
      </span>
      <button
        type="button"
        className="toolbar-icon-button"
        data-testid="open-history"
        aria-label="Versions"
        title="Versions: what was published, by whom, and the draft's recent saves"
        onClick={() => setDialog("history")}
      >
        <FileClock size={16} aria-hidden />
      </button>
      {canPublish && (
        <Button data-testid="publish-workflow" onClick={() => setDialog("publish")} title="Publish the draft">
          <Rocket size={14} aria-hidden /> Publish
        </Button>
      )}
      {dialog === "publish" && (
        <PublishDialog
          workflowId={workflowId}
          save={save}
          onClose={() => setDialog(null)}
          onPublished={() => void history.reload()}
        />
      )}
      {dialog === "history" && (
        <HistoryDialog
          workflowId={workflowId}
          canRestore={canPublish}
          history={history}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}

type PublishDialogProps = {
  workflowId: string;
  save: () => Promise<boolean>;
  onClose: () => void;
  onPublished: () => void;
};

function PublishDialog({ workflowId, save, onClose, onPublished }: PublishDialogProps) {
  const [note, setNote] = useState("");
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<{ message: string; details: string[] } | null>(null);
  const publish = async () => {
    setBusy(true);
    setProblem(null);
    try {
      if (!(await save())) throw new RouteProblem("The draft could not be saved, so it was not published", []);
      await postWorkflowRoute(`/api/workflows/${workflowId}/publish`, { note });
      onPublished();
      onClose();
    } catch (caught) {
      const details = caught instanceof RouteProblem ? caught.details : [];
      setProblem({ message: caught instanceof Error ? caught.message : String(caught), details });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title="Publish the draft"
      testId="publish-dialog"
      actions={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" onClick={() => void publish()} disabled={busy} data-testid="publish-confirm">
            <Rocket size={14} aria-hidden /> {busy ? "Publishing…" : "Publish"}
          </Button>
        </>
      }
    >
      <div className="publish-form">
        <p>
          The draft becomes the next version: webhooks, schedules, the MCP tool and Workflow Tools run it from now on.
        </p>
        <label htmlFor="publish-note">What changed (optional)</label>
        <textarea
          id="publish-note"
          data-testid="publish-note"
          value={note}
          maxLength={500}
          onChange={(event) => setNote(event.target.value)}
        />
        {problem && (
          <div role="alert" data-testid="publish-problem">
            <p className="publish-errors">{problem.message}</p>
            <ul className="publish-errors">
              {problem.details.map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </Modal>
  );
}
