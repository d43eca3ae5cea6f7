"use client";
/**
 * Saving and running the workflow in the editor: the Save button, Ctrl/Cmd+S, autosave a second
 * after the last edit, a warning when leaving with unsaved changes, and Run (which saves first
 * and lands on the run view). Saves name the version they are based on: when someone else saved
 * first, autosave stops and the editor asks whether to reload or overwrite.
 */
import { unstable_rethrow } from "next/navigation";
import { useCallback, useEffect, useTransition } from "react";
import { runWorkflowAction, saveWorkflowAction } from "@/app/workflows/actions";
import type { EditorStore } from "@/components/editor/editor-store";
import { useEditorStoreApi } from "@/components/editor/editor-store-context";

const AUTOSAVE_DELAY_MS = 1000;

export function useWorkflowPersistence() {
  const store = useEditorStoreApi();
  const [isRunning, startRunning] = useTransition();

  const save = useCallback(
    async (overwrite = false): Promise<boolean> => {
      const { workflowId, toSaveInput, beginSave, finishSave, settleVersion, saving, version } = store.getState();
      if (!workflowId || saving) return false;
      const revision = beginSave();
      try {
        // `overwrite` (after a conflict, when the person chose so) saves whatever is stored.
        const result = await saveWorkflowAction(workflowId, toSaveInput(), overwrite ? null : (version ?? null));
        finishSave(revision, result.ok ? undefined : result.errors.join("; "));
        if (result.ok) settleVersion({ version: result.version });
        else if (result.conflict) settleVersion({ conflict: true });
        return result.ok;
      } catch (error) {
        finishSave(revision, error instanceof Error ? error.message : "Could not reach the server");
        return false;
      }
    },
    [store],
  );

  /** Saves and starts a run; `input` (any JSON value) is what the Entry hands on. */
  const run = useCallback(
    (input?: unknown) => {
      startRunning(async () => {
        // A save in flight could land after Run's own save and store an older graph: let it finish first.
        await whenIdle(store);
        const { workflowId, toSaveInput, beginSave, finishSave, setRunErrors, settleVersion, version } =
          store.getState();
        if (!workflowId) return;
        const revision = beginSave();
        try {
          // On success the action redirects to the run view and never answers.
          const result = await runWorkflowAction(workflowId, toSaveInput(), input, version ?? null);
          finishSave(revision, result.saved ? undefined : result.errors.map((e) => e.message).join("; "));
          if (result.conflict) settleVersion({ conflict: true });
          setRunErrors(result.errors);
        } catch (error) {
          unstable_rethrow(error); // the redirect
          const message = error instanceof Error ? error.message : "Could not reach the server";
          finishSave(revision, message);
          setRunErrors([{ message }]);
        }
      });
    },
    [store],
  );

  useAutosave(store, save);
  useLeaveWarning(store);
  useSaveShortcut(save);

  return { save, run, isRunning };
}

/** Autosave after a quiet second; a save already in flight is followed by another if edits came in meanwhile. */
function useAutosave(store: EditorStore, save: () => Promise<boolean>) {
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = store.subscribe((state, previous) => {
      const dirty = state.revision !== state.savedRevision;
      const edited = state.revision !== previous.revision;
      const savedCleanly = previous.saving && !state.saving && !state.saveError;
      if (!dirty || state.conflict || !(edited || savedCleanly)) return;
      clearTimeout(timer);
      timer = setTimeout(() => {
        const { revision, savedRevision } = store.getState();
        if (revision !== savedRevision) void save();
      }, AUTOSAVE_DELAY_MS);
    });
    return () => {
      unsubscribe();
      clearTimeout(timer);
    };
  }, [store, save]);
}

/** Leaving with edits not yet stored: the browser asks first. */
function useLeaveWarning(store: EditorStore) {
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      const { revision, savedRevision, saving } = store.getState();
      if (revision === savedRevision && !saving) return;
      event.preventDefault();
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [store]);
}

/** Ctrl/Cmd+S saves. */
function useSaveShortcut(save: () => Promise<boolean>) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === "s") {
        event.preventDefault();
        void save();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [save]);
}

/** Resolves once no save is in flight (Run and test runs save after it). */
export function whenIdle(store: EditorStore): Promise<void> {
  return new Promise((resolve) => {
    if (!store.getState().saving) return resolve();
    const unsubscribe = store.subscribe((state) => {
      if (state.saving) return;
      unsubscribe();
      resolve();
    });
  });
}
