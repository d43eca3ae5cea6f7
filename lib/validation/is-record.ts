/** A plain JSON object (not null, not an array): what readers of untyped params and answers look for first. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
