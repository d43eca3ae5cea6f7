"use client";
/**
 * Starting a test run from the editor and reading back the data it left: saves the graph first
 * (like Run), starts the run through testRunAction, and stays on the canvas, where the
 * TestRunFollower follows it. refreshOutputs reads each node's latest output.
 */
import { useCallback } from "react";
import { nodeDataAction, testRunAction } from "@/app/workflows/test-run-actions";
import { whenIdle } from "@/hooks/use-workflow-persistence";
import type { TestRunRequest } from "@/lib/workflow/partial-plan";
import { useEditorStoreApi } from "../editor-store-context";
import { useTestRunApi } from "./test-run-store";

export function useTestRun() {
  const editor = useEditorStoreApi();
  const data = useTestRunApi();

  const refreshOutputs = useCallback(async () => {
    const workflowId = editor.getState().workflowId;
    if (!workflowId) return;
    const result = await nodeDataAction(workflowId);
    if (result.ok) data.getState().setOutputs(result.outputs);
  }, [editor, data]);

  const startTestRun = useCallback(
    async (request: TestRunRequest) => {
      const { setTestRun, setPanelOpen } = data.getState();
      setPanelOpen(true); // the run's data is what the person wants to see next
      setTestRun({ runId: null, ...request, phase: "starting" });
      await whenIdle(editor);
      const { workflowId, toSaveInput, beginSave, finishSave, settleVersion, setRunErrors, version } =
        editor.getState();
      if (!workflowId) return;
      const revision = beginSave();
      try {
        const result = await testRunAction(workflowId, toSaveInput(), request, undefined, version ?? null);
        finishSave(revision, result.ok || result.saved ? undefined : result.errors.map((e) => e.message).join("; "));
        if (result.ok) {
          settleVersion({ version: result.version });
          setRunErrors(null);
          setTestRun({ runId: result.runId, ...request, phase: "queued" });
          return;
        }
        if (result.conflict) settleVersion({ conflict: true });
        setRunErrors(result.errors);
        setTestRun({ runId: null, ...request, phase: "failed", message: result.errors[0]?.message });
      } catch (error) {
        const message = error instanceof Error ? error.message : "Could not reach the server";
        finishSave(revision, message);
        setTestRun({ runId: null, ...request, phase: "failed", message });
      }
    },
    [editor, data],
  );

  return { startTestRun, refreshOutputs };
}
