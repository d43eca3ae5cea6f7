/**
 * Tool-call assertions on the gateway's records of the run's calls (ToolCallAudit): a tool was called, was not
 * called, was called with arguments matching a pattern, or was called at most N times. A call the gateway blocked
 * was asked for but never made, so it does not count as called. Pure.
 */
import { z } from "zod";
import { fillRow } from "./placeholders";
import { compilePattern } from "./regex";
import { quote, verdict, type RowOutcome, type ToolCallRecord } from "./types";

const tool = z.string().min(1).max(200);
const name = z.string().max(100).optional();

export const ToolCalledConfig = z.object({ kind: z.literal("toolCalled"), name, tool });
export const ToolNotCalledConfig = z.object({ kind: z.literal("toolNotCalled"), name, tool });
export const ToolArgsConfig = z.object({
  kind: z.literal("toolArgs"),
  name,
  tool,
  /** A regular expression (which may quote the row) matched against the arguments as JSON, or one argument's text. */
  pattern: z.string().min(1).max(1_000),
  argument: z.string().max(200).optional(),
});
export const ToolCallCountConfig = z.object({
  kind: z.literal("maxToolCalls"),
  name,
  /** Only this tool's calls; every call when left out. */
  tool: tool.optional(),
  max: z.number().int().min(0),
});

const made = (row: RowOutcome, toolName?: string) =>
  row.toolCalls.filter((call) => call.outcome !== "blocked" && (toolName === undefined || call.toolName === toolName));

const times = (count: number) => (count === 1 ? "once" : `${count} times`);

export function toolCalled(config: z.infer<typeof ToolCalledConfig>, row: RowOutcome) {
  const calls = made(row, config.tool);
  return calls.length > 0
    ? verdict(true, `${config.tool} was called ${times(calls.length)}`)
    : verdict(false, `${config.tool} was never called`);
}

export function toolNotCalled(config: z.infer<typeof ToolNotCalledConfig>, row: RowOutcome) {
  const calls = made(row, config.tool);
  return calls.length === 0
    ? verdict(true, `${config.tool} was not called`)
    : verdict(false, `${config.tool} was called ${times(calls.length)}`);
}

function argumentsText(call: ToolCallRecord, argument: string | undefined): string {
  const value =
    argument === undefined
      ? call.args
      : call.args && typeof call.args === "object"
        ? (call.args as Record<string, unknown>)[argument]
        : undefined;
  return typeof value === "string" ? value : (JSON.stringify(value) ?? "");
}

export function toolArgs(config: z.infer<typeof ToolArgsConfig>, row: RowOutcome) {
  const pattern = compilePattern(fillRow(config.pattern, row));
  if (typeof pattern === "string") return verdict(false, pattern);
  const calls = made(row, config.tool);
  const what = config.argument ? `its argument ${config.argument}` : "its arguments";
  if (calls.length === 0) return verdict(false, `${config.tool} was never called`);
  const matching = calls.find((call) => pattern.test(argumentsText(call, config.argument)));
  if (matching) return verdict(true, `${config.tool} was called with ${what} matching ${pattern}`);
  const seen = calls.map((call) => quote(argumentsText(call, config.argument))).join(", ");
  return verdict(false, `No call of ${config.tool} had ${what} matching ${pattern}: ${seen}`);
}

export function maxToolCalls(config: z.infer<typeof ToolCallCountConfig>, row: RowOutcome) {
  const count = made(row, config.tool).length;
  const what = config.tool ?? "Tools";
  return count <= config.max
    ? verdict(true, `${what} called ${times(count)}, at most ${config.max}`)
    : verdict(false, `${what} called ${times(count)}, more than ${config.max}`);
}
