/**
 * What a model provider warns about a call — a setting the model ignores, a limit it put in place —
 * belongs in the run's log beside the node that made the call, where the person who can change the
 * setting sees it, not in the worker's console, where the AI SDK prints it on every call. Each
 * distinct warning is logged once per node execution, however many model calls repeat it.
 */
import type { CallWarning } from "ai";
import type { RunEventInput } from "../runs/events";

// Every model call goes through stream-model-call.ts, which hands its warnings here instead.
globalThis.AI_SDK_LOG_WARNINGS = false;

export type ReportModelWarnings = (warnings: CallWarning[] | undefined) => void;

function describeModelWarning(warning: CallWarning): string {
  const details = (text: string, more?: string) => (more ? `${text}: ${more}` : text);
  switch (warning.type) {
    case "unsupported":
      return details(`The model does not support ${warning.feature}`, warning.details);
    case "compatibility":
      return details(`The model uses ${warning.feature} in a compatibility mode`, warning.details);
    case "other":
      return warning.message;
  }
}

/** Notes each warning not yet noted for this node as a `log` event at level warn. */
export function modelWarningLog(note: (event: RunEventInput) => void, nodeId: string): ReportModelWarnings {
  const noted = new Set<string>();
  return (warnings = []) => {
    for (const warning of warnings) {
      const message = describeModelWarning(warning);
      if (noted.has(message)) continue;
      noted.add(message);
      note({ type: "log", payload: { level: "warn", nodeId, message } });
    }
  };
}
