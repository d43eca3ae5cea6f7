"use client";
/**
 * Which workflow the Chat panel talks to, and switching it: an answer in progress is wound down (its
 * tool calls get SWITCH_GRACE_SECONDS to finish, then it is stopped), and the debug log says so.
 */
import { useCallback, useEffect, useState } from "react";
import { chatApi, type AgentChoice } from "./chat-api";
import type { TrackedRun } from "./debug-log";
import type { DebugLine } from "./debug-lines";
import type { Conversations } from "./use-conversations";

/** How long a switch lets the previous answer's tool calls finish before stopping it anyway. */
const SWITCH_GRACE_SECONDS = 5;
/** How many answers the debug log follows. */
const TRACKED_RUNS = 6;

/** The debug log: notes on contexts built and torn down, and the answers it follows. */
export function useDebugLog() {
  const [open, setOpen] = useState(false);
  const [notes, setNotes] = useState<DebugLine[]>([]);
  const [tracked, setTracked] = useState<TrackedRun[]>([]);
  const note = useCallback(
    (level: DebugLine["level"], text: string) =>
      setNotes((all) => [...all, { at: new Date().toISOString(), level, text }]),
    [],
  );
  const track = useCallback(
    (runId: string, workflowId: string) =>
      setTracked((all) =>
        all.some((run) => run.runId === runId)
          ? all
          : [...all, { runId, workflowId, at: new Date().toISOString() }].slice(-TRACKED_RUNS),
      ),
    [],
  );
  return { open, toggle: () => setOpen(!open), notes, tracked, note, track };
}

export type DebugLog = ReturnType<typeof useDebugLog>;

/**
 * `workflowId`: the workflow talked to now; `setWorkflowId` switches it (the panel holds it, as its conversations
 * depend on it).
 */
export function useAgentSwitch(
  workflowId: string,
  setWorkflowId: (id: string) => void,
  chat: Conversations,
  debug: DebugLog,
) {
  const [agents, setAgents] = useState<AgentChoice[]>([]);
  const { attempt, current, setCurrent } = chat;
  useEffect(() => {
    void attempt(async () => setAgents(await chatApi.agents()));
  }, [attempt]);
  const agentName = (id: string) => agents.find((agent) => agent.id === id)?.name ?? "this workflow";

  const switchAgent = (nextId: string) =>
    attempt(async () => {
      if (nextId === workflowId) return;
      const live =
        current?.turns.filter(
          (turn) => turn.status === "queued" || turn.status === "running" || turn.status === "waiting",
        ) ?? [];
      if (live.length > 0) {
        debug.note(
          "info",
          `Switching to ${agentName(nextId)}: stopping the answer in progress (its tool calls get up to ` +
            `${SWITCH_GRACE_SECONDS} s)`,
        );
        live.forEach((turn) => debug.track(turn.runId, workflowId));
        await Promise.all(live.map((turn) => chatApi.stop(turn.runId, SWITCH_GRACE_SECONDS).catch(() => undefined)));
      }
      setWorkflowId(nextId);
      setCurrent(null);
      debug.note("info", `Now talking to ${agentName(nextId)}: its context is built with your next message`);
    });
  return { agents, agentName, switchAgent };
}
