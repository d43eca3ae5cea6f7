/** What the run-input box sends: valid JSON as that value, anything else as text; empty means no input. */
export type ParsedRunInput = { value: unknown; kind: "none" | "text" | "JSON object" | "JSON array" | "JSON value" };

export function parseRunInput(text: string): ParsedRunInput {
  if (text.trim() === "") return { value: undefined, kind: "none" };
  try {
    const value: unknown = JSON.parse(text);
    return {
      value,
      kind: Array.isArray(value)
        ? "JSON array"
        : value !== null && typeof value === "object"
          ? "JSON object"
          : "JSON value",
    };
  } catch {
    return { value: text, kind: "text" };
  }
}

/** The box's starting text for an input a run had. */
export function runInputText(value: unknown): string {
  if (value === undefined || value === null) return "";
  return typeof value === "string" ? value : JSON.stringify(value, null, 2);
}
