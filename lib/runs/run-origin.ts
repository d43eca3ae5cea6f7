/**
 * One line saying where a run came from, for the run view: what started it, who (a person, or whose API key), and
 * which graph it ran (a published version, or the draft). Pure.
 */
import type { RunTrigger } from "./run-trigger";

const STARTED: Record<RunTrigger["kind"], string> = {
  manual: "Run from the editor",
  api: "Started through the API",
  webhook: "Started by a webhook",
  schedule: "Started by a schedule",
  workflow: "Started by a parent workflow's Workflow Tool",
  mcp: "Called over MCP",
  chat: "A chat message",
  "public-chat": "A public chat visitor's message",
  error: "Started as an error workflow",
  "ag-ui": "Started from an AG-UI front-end",
  a2a: "Called by an A2A agent",
  evaluation: "A row of an evaluation",
};

export function describeRunOrigin(trigger: RunTrigger | null, version: number | null): string {
  const ran = version === null ? "the draft" : `version ${version}`;
  if (!trigger) return `Ran ${ran}`;
  const what = trigger.test ? "A test run from the editor" : STARTED[trigger.kind];
  const by = trigger.by ? ` by ${trigger.by.name}${trigger.by.via === "api-key" ? "'s API key" : ""}` : "";
  return `${what}${by} · ${ran}`;
}
