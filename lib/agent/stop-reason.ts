/**
 * Why an agent's loop ended: the model answered by itself, or a limit forced one last call
 * without tools. Pure, so the run events' schema and the run view read the same names.
 */
export const AGENT_LIMITS = ["max iterations", "token budget"] as const;
export type AgentLimit = (typeof AGENT_LIMITS)[number];
export const AGENT_STOP_REASONS = ["answered", ...AGENT_LIMITS] as const;
export type AgentStopReason = (typeof AGENT_STOP_REASONS)[number];

export const isAgentLimit = (value: unknown): value is AgentLimit => AGENT_LIMITS.includes(value as AgentLimit);

/** A limit as the run view says it. */
export const AGENT_LIMIT_NOTES: Record<AgentLimit, string> = {
  "max iterations": "the iteration limit was reached",
  "token budget": "the token budget was spent",
};
