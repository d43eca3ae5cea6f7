/**
 * What every evaluator reads and answers: the row (input, expectations), what its run did (output, the gateway's
 * tool-call records, cost, duration) and a verdict (a score 0–1, pass or not, and why). Pure.
 */
export type ToolCallRecord = { toolName: string; args: unknown; outcome: string };

export type RowOutcome = {
  input: unknown;
  expectations: Record<string, unknown>;
  /** The run's status: completed, failed or cancelled. */
  status: string;
  output: unknown;
  error: string | null;
  toolCalls: ToolCallRecord[];
  costUsd: number;
  totalTokens: number;
  durationMs: number | null;
};

export type Verdict = { score: number; pass: boolean; reason: string };

/** The judge's model call, lent by the engine: the prompt and the judge's model settings in, a score and reason out. */
export type AskJudge = (prompt: string, model: Record<string, unknown>) => Promise<{ score: number; reason: string }>;

export const verdict = (pass: boolean, reason: string): Verdict => ({ score: pass ? 1 : 0, pass, reason });

/** The run's output as text: a string as it is, anything else as JSON. */
export const outputText = (output: unknown): string =>
  typeof output === "string" ? output : output === undefined || output === null ? "" : JSON.stringify(output);

/** A short quote of a text for a reason. */
export const quote = (text: string, max = 80) => JSON.stringify(text.length > max ? `${text.slice(0, max)}…` : text);
