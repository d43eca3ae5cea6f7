"use client";
/**
 * The History: every published version (which one is live, who published it, when, with what note) and the draft's
 * recent saves. A version opens read-only, compares with the one before it or with the draft (drawn on the canvas),
 * and can be restored as the draft.
 */
import Link from "next/link";
import { useEffect, useState } from "react";
import { Modal } from "@/components/ui/modal";
import { Button, buttonClassName } from "@/components/ui/button";
import { formatRelativeTime } from "@/components/ui/format-relative-time";
import { useEditorStoreApi } from "../editor-store-context";
import { postWorkflowRoute, useWorkflowHistory, type VersionRow } from "./use-workflow-history";

type Props = {
  workflowId: string;
  canRestore: boolean;
  history: ReturnType<typeof useWorkflowHistory>;
  onClose: () => void;
};

const by = (name: string) => (name ? ` by ${name}` : "");

export function HistoryDialog({ workflowId, canRestore, history: { history, error, reload }, onClose }: Props) {
  const versionsPath = `/workflows/${workflowId}/versions`;
  useEffect(() => void reload(), [reload]); // read as it opens: the draft's saves since the page loaded are in it
  return (
    <Modal
      title="Versions"
      testId="history"
      actions={
        <Button onClick={onClose} data-testid="history-close">
          Close
        </Button>
      }
    >
      {error && <p role="alert">{error}</p>}
      {!history && !error && <p data-testid="history-loading">Reading the history…</p>}
      {history?.live && (
        <Link className={buttonClassName("secondary", "sm")} href={`${versionsPath}/draft?against=${history.live}`}>
          Compare the draft with the live version
        </Link>
      )}
      <h3 className="history-heading">Published versions</h3>
      {history && history.versions.length === 0 && <p>Never published: nothing of this workflow is live.</p>}
      <ul className="history-list" data-testid="history-versions">
        {history?.versions.map((version) => (
          <VersionItem key={version.number} version={version} path={versionsPath} canRestore={canRestore} />
        ))}
      </ul>
      <h3 className="history-heading">Recent saves of the draft</h3>
      {history && history.draftSaves.length === 0 && <p>No saves since versions were kept.</p>}
      <ul className="history-list" data-testid="history-saves">
        {history?.draftSaves.map((save) => (
          <li key={save.id} className="history-item">
            <span className="history-item-title">{save.name}</span>
            <span className="history-item-meta">
              Saved{by(save.authorName)} {formatRelativeTime(new Date(save.savedAt))}
            </span>
          </li>
        ))}
      </ul>
    </Modal>
  );
}

function VersionItem({ version, path, canRestore }: { version: VersionRow; path: string; canRestore: boolean }) {
  const store = useEditorStoreApi();
  const [problem, setProblem] = useState<string | null>(null);
  const restore = async () => {
    if (!window.confirm(`Replace the draft with version ${version.number}? Nothing live changes until you publish.`))
      return;
    try {
      await postWorkflowRoute(`${path.replace(/^\/workflows/, "/api/workflows")}/${version.number}/restore`);
      store.setState((state) => ({ savedRevision: state.revision })); // the draft is replaced: nothing to keep
      window.location.reload();
    } catch (caught) {
      setProblem(caught instanceof Error ? caught.message : String(caught));
    }
  };
  return (
    <li className="history-item" data-testid={`history-version-${version.number}`}>
      <span className="history-item-title">
        v{version.number} {version.live && <span className="publish-state is-live">live</span>} {version.note}
      </span>
      <span className="history-item-meta">
        Published{by(version.authorName)} {formatRelativeTime(new Date(version.createdAt))}
        {problem && <span role="alert"> — {problem}</span>}
      </span>
      <span className="history-item-actions">
        <Link className={buttonClassName("ghost", "sm")} href={`${path}/${version.number}`}>
          View
        </Link>
        {version.number > 1 && (
          <Link
            className={buttonClassName("ghost", "sm")}
            href={`${path}/${version.number}?against=${version.number - 1}`}
          >
            Changes
          </Link>
        )}
        {canRestore && (
          <Button size="sm" onClick={() => void restore()} data-testid={`restore-version-${version.number}`}>
            Restore
          </Button>
        )}
      </span>
    </li>
  );
}
