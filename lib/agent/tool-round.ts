/**
 * One round of tool calls: the calls a model step asked for, run through the node's tools (the
 * gateway) after the step is recorded, and their results made into the tool message the next
 * model call reads. The model nodes run the calls themselves rather than inside the SDK's model
 * call, so a worker that dies mid-round leaves a recorded step whose calls a resume can settle one
 * by one (resumed-conversation.ts): from their records, sent again, or answered "may have run".
 */
import type { ToolModelMessage, ModelMessage, ToolResultPart, ToolSet } from "ai";

/** A call a model step asked for, by the model's own call id. */
export type RequestedCall = { toolCallId: string; toolName: string; input: unknown };

/** What a call came to, as the model is told: the result's text, or an error's. */
export type CallOutcome = { text: string; isError: boolean };

/** Settles a call of a recorded step from the node's records; undefined: send it (again). */
export type SettleRecordedCall = (call: RequestedCall) => Promise<CallOutcome | undefined>;

/**
 * The same tools without `execute`: the model sees their definitions and asks for calls, which the
 * SDK hands back instead of running (the node runs them: runToolRound).
 */
export function describeOnly(tools: ToolSet): ToolSet {
  return Object.fromEntries(
    Object.entries(tools).map(([name, tool]) => [name, { ...tool, execute: undefined }]),
  ) as ToolSet;
}

/** The valid calls of a model step's result (a call to an unknown tool already has the SDK's error answer). */
export function requestedCalls(
  toolCalls: readonly { toolCallId: string; toolName: string; input: unknown; invalid?: boolean }[],
): RequestedCall[] {
  return toolCalls
    .filter((call) => call.invalid !== true)
    .map(({ toolCallId, toolName, input }) => ({ toolCallId, toolName, input }));
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function sendCall(
  call: RequestedCall,
  tools: ToolSet,
  options: { messages: ModelMessage[]; abortSignal?: AbortSignal },
): Promise<ToolResultPart["output"]> {
  const execute = tools[call.toolName]?.execute;
  if (!execute) return { type: "error-text", value: `Tool "${call.toolName}" is not available` };
  try {
    const output: unknown = await execute(call.input, { toolCallId: call.toolCallId, ...options });
    return typeof output === "string" ? { type: "text", value: output } : { type: "json", value: output as never };
  } catch (error) {
    // A failing tool goes back to the model as an error result, and the loop goes on.
    return { type: "error-text", value: errorText(error) };
  }
}

/**
 * Runs the calls at once (as the SDK would) and answers with the tool message of their results, in
 * the calls' order; `settle` first, for the calls of a step recorded before the worker died.
 */
export async function runToolRound(
  calls: RequestedCall[],
  tools: ToolSet,
  options: { messages: ModelMessage[]; abortSignal?: AbortSignal; settle?: SettleRecordedCall },
): Promise<ToolModelMessage | undefined> {
  if (calls.length === 0) return undefined;
  const { settle, ...sendOptions } = options;
  const parts = await Promise.all(
    calls.map(async (call): Promise<ToolResultPart> => {
      const settled = settle ? await settle(call) : undefined;
      const output: ToolResultPart["output"] = settled
        ? { type: settled.isError ? "error-text" : "text", value: settled.text }
        : await sendCall(call, tools, sendOptions);
      return { type: "tool-result", toolCallId: call.toolCallId, toolName: call.toolName, output };
    }),
  );
  return { role: "tool", content: parts };
}
