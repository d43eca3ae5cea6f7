"use client";
/**
 * The editor's top bar: back to the list, the workflow name, undo/redo, export, shortcuts, the workflow's runs, what
 * is live with Publish and the History, save state, Save, Run and Run with input.
 */
import {
  ArrowLeft,
  Download,
  Eye,
  History,
  LoaderCircle,
  MessagesSquare,
  Play,
  Redo2,
  Save,
  SquarePen,
  Undo2,
} from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useState, type MouseEvent } from "react";
import { useEditorShortcuts } from "@/hooks/use-editor-shortcuts";
import { Button } from "@/components/ui/button";
import { cx } from "@/components/ui/class-names";
import { loadWhenShown } from "@/components/ui/load-when-shown";
import { LogoMark } from "@/components/ui/logo-mark";
import type { EditorState } from "./editor-store";
import { useEditorStore, useEditorStoreApi } from "./editor-store-context";
import { downloadWorkflowFile } from "./export-workflow";
import { entryInputFields } from "@/components/run-input/entry-input-fields";
import { ShortcutsHelp } from "./shortcuts-help";
import { PublishControl } from "./versions/publish-control";

/** The form a run with input asks through: its code loads when it is first asked for. */
const RunInputDialog = loadWhenShown(() =>
  import("@/components/run-input/run-input-dialog").then((module) => module.RunInputDialog),
);

type SaveState = "saved" | "unsaved" | "saving" | "failed";

const SAVE_STATE_TEXT: Record<SaveState, string> = {
  saved: "Saved",
  unsaved: "Unsaved changes",
  saving: "Saving…",
  failed: "Save failed",
};

function saveStateOf(state: EditorState): SaveState {
  if (state.saving) return "saving";
  if (state.saveError) return "failed";
  return state.revision === state.savedRevision ? "saved" : "unsaved";
}

/**
 * `chatOpen` / `toggleChat`: the Chat panel in the inspector's place. `snapshot`: a version or a run's graph shown
 * read-only, which has no Publish or History of its own.
 */
type EditorToolbarProps = {
  save: () => Promise<boolean>;
  run: (input?: unknown) => void;
  isRunning: boolean;
  chatOpen: boolean;
  toggleChat: () => void;
  snapshot?: boolean;
  /** The live version's number when the page loaded (null: never published). */
  publishedVersion: number | null;
};

/** What the toolbar shows from the store (selected shallowly: a drag re-renders it only when one of these changes). */
function useToolbarState() {
  return useEditorStore((state) => ({
    readOnly: state.readOnly,
    workflowId: state.workflowId,
    inputFields: entryInputFields(state.nodes),
    runProblems: (state.runErrors ?? []).map((problem) => problem.message).join("; "),
    name: state.name,
    setName: state.setName,
    saveState: saveStateOf(state),
    saveError: state.saveError,
    undo: state.undo,
    redo: state.redo,
    canUndo: state.history.past.length > 0,
    canRedo: state.history.future.length > 0,
  }));
}

type ToolbarState = ReturnType<typeof useToolbarState>;

export function EditorToolbar({
  save,
  run,
  isRunning,
  chatOpen,
  toggleChat,
  snapshot,
  publishedVersion,
}: EditorToolbarProps) {
  const toolbar = useToolbarState();
  const { inputFields, runProblems, name, setName, saveState, readOnly } = toolbar;
  const [askingInput, setAskingInput] = useState(false);

  return (
    <header className="editor-toolbar">
      <BackToWorkflows saved={saveState === "saved"} save={save} />
      <LogoMark size={20} />
      <WorkflowName name={name} setName={setName} readOnly={readOnly} />
      <div className="toolbar-spacer" />
      {readOnly && (
        <span
          className="badge"
          data-testid="view-only"
          title="Your role can look at workflows but not change or run them"
        >
          <Eye size={12} aria-hidden /> View only
        </span>
      )}
      <ToolbarTools toolbar={toolbar} chatOpen={chatOpen} toggleChat={toggleChat} />
      {toolbar.workflowId && !snapshot && (
        <PublishControl
          workflowId={toolbar.workflowId}
          publishedVersion={publishedVersion}
          canPublish={!readOnly}
          save={save}
        />
      )}
      {!readOnly && (
        <SaveAndRun
          toolbar={toolbar}
          save={save}
          run={run}
          isRunning={isRunning}
          askForInput={() => setAskingInput(true)}
        />
      )}
      {askingInput && (
        <RunInputDialog
          title="Run with input"
          fields={inputFields}
          busy={isRunning}
          error={runProblems || undefined}
          onRun={(input) => run(input)}
          onCancel={() => setAskingInput(false)}
        />
      )}
    </header>
  );
}

/**
 * Back to the list, saving first when there are unsaved edits. Not prefetched: the list is a dynamic page, and
 * prefetching it (and the runs page) on every open had the server render both twice while the editor loaded.
 */
function BackToWorkflows({ saved, save }: { saved: boolean; save: EditorToolbarProps["save"] }) {
  const router = useRouter();
  const leave = async (event: MouseEvent) => {
    if (saved) return;
    event.preventDefault();
    await save();
    router.push("/");
  };
  return (
    <Link
      href="/"
      prefetch={false}
      className="toolbar-back"
      onClick={leave}
      aria-label="Back to workflows"
      title="Back to workflows"
    >
      <ArrowLeft size={16} aria-hidden />
    </Link>
  );
}

/** The workflow's name, edited in place; emptied, it goes back to "Untitled workflow". */
function WorkflowName({
  name,
  setName,
  readOnly,
}: {
  name: string;
  setName: (name: string) => void;
  readOnly: boolean;
}) {
  return (
    <input
      className="workflow-name"
      data-testid="workflow-name"
      aria-label="Workflow name"
      value={name}
      readOnly={readOnly}
      spellCheck={false}
      onChange={(e) => setName(e.target.value)}
      onBlur={() => name.trim() === "" && setName("Untitled workflow")}
    />
  );
}

type ToolsProps = { toolbar: ToolbarState; chatOpen: boolean; toggleChat: () => void };

/** Undo and redo, export, the shortcuts help, the Chat panel and the workflow's runs. */
function ToolbarTools({
  toolbar: { readOnly, canUndo, canRedo, undo, redo, workflowId },
  chatOpen,
  toggleChat,
}: ToolsProps) {
  const store = useEditorStoreApi();
  const [helpOpen, setHelpOpen] = useState(false);
  useEditorShortcuts(useCallback(() => setHelpOpen((open) => !open), []));
  return (
    <div className="toolbar-group">
      {!readOnly && <UndoRedo canUndo={canUndo} canRedo={canRedo} undo={undo} redo={redo} />}
      <button
        type="button"
        className="toolbar-icon-button"
        data-testid="export-workflow"
        aria-label="Export as JSON"
        title="Export as JSON"
        onClick={() => downloadWorkflowFile(store.getState().name, store.getState().toGraph())}
      >
        <Download size={16} aria-hidden />
      </button>
      <ShortcutsHelp open={helpOpen} onOpenChange={setHelpOpen} />
      {workflowId && <ChatAndRunsLinks workflowId={workflowId} chatOpen={chatOpen} toggleChat={toggleChat} />}
    </div>
  );
}

type UndoRedoProps = { canUndo: boolean; canRedo: boolean; undo: () => void; redo: () => void };

function UndoRedo({ canUndo, canRedo, undo, redo }: UndoRedoProps) {
  return (
    <>
      <button
        type="button"
        className="toolbar-icon-button"
        data-testid="undo"
        aria-label="Undo"
        title="Undo (Ctrl/⌘ Z)"
        disabled={!canUndo}
        onClick={undo}
      >
        <Undo2 size={16} aria-hidden />
      </button>
      <button
        type="button"
        className="toolbar-icon-button"
        data-testid="redo"
        aria-label="Redo"
        title="Redo (Shift Ctrl/⌘ Z)"
        disabled={!canRedo}
        onClick={redo}
      >
        <Redo2 size={16} aria-hidden />
      </button>
    </>
  );
}

/** The Chat panel's toggle and the workflow's runs, for a saved workflow. */
function ChatAndRunsLinks({ workflowId, chatOpen, toggleChat }: { workflowId: string } & Omit<ToolsProps, "toolbar">) {
  return (
    <>
      <button
        type="button"
        className={cx("toolbar-icon-button", chatOpen && "is-active")}
        data-testid="open-chat"
        aria-pressed={chatOpen}
        aria-label="Chat with this workflow"
        title="Chat with this workflow (runs the saved version)"
        onClick={toggleChat}
      >
        <MessagesSquare size={16} aria-hidden />
      </button>
      <Link
        href={`/runs?workflowId=${workflowId}`}
        prefetch={false}
        className="toolbar-icon-button"
        data-testid="workflow-runs"
        aria-label="Runs of this workflow"
        title="Runs of this workflow"
      >
        <History size={16} aria-hidden />
      </Link>
    </>
  );
}

type SaveAndRunProps = Pick<EditorToolbarProps, "save" | "run" | "isRunning"> & {
  toolbar: ToolbarState;
  askForInput: () => void;
};

/** The save state, Save, Run (which asks for the Entry's input fields first, when it has any) and Run with input. */
function SaveAndRun({
  toolbar: { saveState, saveError, inputFields },
  save,
  run,
  isRunning,
  askForInput,
}: SaveAndRunProps) {
  return (
    <>
      <span
        className={cx("save-state", `save-state-${saveState}`)}
        data-testid="save-state"
        title={saveError ?? undefined}
      >
        {SAVE_STATE_TEXT[saveState]}
      </span>
      <Button
        data-testid="save-workflow"
        onClick={() => void save()}
        disabled={saveState === "saving"}
        title="Save (Ctrl+S / ⌘S)"
      >
        <Save size={14} aria-hidden /> Save
      </Button>
      <div className="toolbar-run">
        {/* With input fields on the Entry, Run asks for them first. */}
        <Button
          variant="primary"
          data-testid="run-workflow"
          onClick={() => (inputFields.length > 0 ? askForInput() : run())}
          disabled={isRunning}
        >
          {isRunning ? <LoaderCircle size={14} className="spin" aria-hidden /> : <Play size={14} aria-hidden />}
          {isRunning ? "Starting…" : "Run"}
        </Button>
        <Button
          variant="primary"
          data-testid="run-with-input"
          onClick={askForInput}
          disabled={isRunning}
          aria-label="Run with input…"
          title="Run with input…"
        >
          <SquarePen size={14} aria-hidden />
        </Button>
      </div>
    </>
  );
}
