"use client";
/**
 * What the editor knows about data while building: each node's latest output (from the
 * workflow's recent runs), the test run it is following, and how the input/output panel is shown.
 * A store of its own beside the editor store, so run data never enters the saved graph or the
 * undo history; nodes read one slice each.
 */
import { createContext, useContext, useState, type ReactNode } from "react";
import { createStore, useStore, type StoreApi } from "zustand";
import { useShallow } from "zustand/react/shallow";
import type { LatestOutput } from "@/lib/runs/recorded-outputs";
import type { TestRunMode } from "@/lib/workflow/partial-plan";

export type DataView = "table" | "json" | "text";
export type TestRunPhase = "starting" | "queued" | "running" | "waiting" | "completed" | "failed" | "cancelled";

export type TestRunState = {
  outputs: Record<string, LatestOutput>;
  /** Whether `outputs` holds what the server had (read with the page, or since): else the data panel reads them. */
  outputsRead: boolean;
  /** The test run started from this editor, while it runs and after it ended. */
  testRun: { runId: string | null; mode: TestRunMode; nodeId?: string; phase: TestRunPhase; message?: string } | null;
  view: DataView;
  panelOpen: boolean;
  setOutputs: (outputs: LatestOutput[]) => void;
  setTestRun: (testRun: TestRunState["testRun"]) => void;
  setView: (view: DataView) => void;
  setPanelOpen: (open: boolean) => void;
};

type TestRunStore = StoreApi<TestRunState>;

const byNode = (outputs: LatestOutput[]) => Object.fromEntries(outputs.map((latest) => [latest.nodeId, latest]));

function createTestRunStore(initialOutputs?: LatestOutput[]): TestRunStore {
  return createStore<TestRunState>()((set) => ({
    outputs: byNode(initialOutputs ?? []),
    outputsRead: initialOutputs !== undefined,
    testRun: null,
    view: "json",
    panelOpen: false, // folded until there is data to look at: a test run opens it
    setOutputs: (outputs) => set({ outputs: byNode(outputs), outputsRead: true }),
    setTestRun: (testRun) => set({ testRun }),
    setView: (view) => set({ view }),
    setPanelOpen: (panelOpen) => set({ panelOpen }),
  }));
}

const TestRunContext = createContext<TestRunStore | null>(null);

/** `initialOutputs`: each node's latest output as the page read it (called once, when the editor mounts). */
export function TestRunProvider({
  children,
  initialOutputs,
}: {
  children: ReactNode;
  initialOutputs?: () => LatestOutput[];
}) {
  const [store] = useState(() => createTestRunStore(initialOutputs?.()));
  return <TestRunContext.Provider value={store}>{children}</TestRunContext.Provider>;
}

export function useTestRunApi(): TestRunStore {
  const store = useContext(TestRunContext);
  if (!store) throw new Error("useTestRunState must be used inside <TestRunProvider>");
  return store;
}

export function useTestRunState<T>(selector: (state: TestRunState) => T): T {
  return useStore(useTestRunApi(), useShallow(selector));
}

/** Outside the editor (the run view's read-only canvas) there is no provider: nodes show no run data there. */
export function useOptionalTestRunState<T>(selector: (state: TestRunState) => T, fallback: T): T {
  const store = useContext(TestRunContext);
  return useStore(store ?? FALLBACK_STORE, useShallow(store ? selector : () => fallback));
}

const FALLBACK_STORE = createTestRunStore();
