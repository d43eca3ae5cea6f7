/**
 * The Chat panel's debug log, in words: how each answer's agent context was built and torn down —
 * MCP servers spawned or connected (and closed), tools registered, memory loaded, calls in flight,
 * a switch's wind-down and its warnings — read from the run's events. Everything else (model
 * steps, streamed text) is the chat's own business and left out.
 */
import type { RunEvent } from "@/lib/runs/events";

export type DebugLevel = "info" | "warn" | "error";
export type DebugLine = { at: string; level: DebugLevel; text: string };

/** "MCP server (stdio: node): a, b, c, …": the tool list cut to its first few names. */
function shortList(description: string, keep = 4): string {
  const split = description.indexOf("): ");
  if (split === -1) return description;
  const names = description.slice(split + 3).split(", ");
  const shown =
    names.length > keep ? `${names.slice(0, keep).join(", ")} and ${names.length - keep} more` : names.join(", ");
  return `${description.slice(0, split + 1)}, ${names.length} tool${names.length === 1 ? "" : "s"}: ${shown}`;
}

function describe(event: RunEvent): Omit<DebugLine, "at"> | null {
  switch (event.type) {
    case "run.started":
      return { level: "info", text: "Building the agent's context" };
    case "tool.registered": {
      const { toolName, kind, description } = event.payload;
      if (kind === "local-mcp")
        return {
          level: "info",
          text: `MCP server ${toolName} spawned and its tools registered — ${shortList(description)}`,
        };
      if (kind === "remote-mcp")
        return {
          level: "info",
          text: `MCP server ${toolName} connected and its tools registered — ${shortList(description)}`,
        };
      return { level: "info", text: `Tool ${toolName} registered (${kind})` };
    }
    case "tool.unavailable":
      return { level: "error", text: `${event.payload.toolName} unavailable: ${event.payload.error}` };
    case "log":
      return { level: event.payload.level, text: event.payload.message };
    case "tool.call.started":
      return { level: "info", text: `Tool call ${event.payload.toolName} started` };
    case "tool.call.completed":
      return {
        level: event.payload.isError ? "warn" : "info",
        text:
          `Tool call ${event.payload.toolName} ${event.payload.isError ? "failed" : "finished"} after ` +
          `${event.payload.durationMs} ms`,
      };
    case "tool.teardown":
      return { level: "info", text: `${event.payload.toolName} closed: ${event.payload.detail}` };
    case "run.completed":
      return { level: "info", text: "Answer complete; context torn down" };
    case "run.cancelled":
      return { level: "warn", text: "Stopped; context torn down" };
    case "run.failed":
      return { level: "error", text: `Failed: ${event.payload.error}` };
    default:
      return null;
  }
}

export function debugLines(events: readonly RunEvent[]): DebugLine[] {
  return events.flatMap((event) => {
    const line = describe(event);
    return line ? [{ at: event.at, ...line }] : [];
  });
}
