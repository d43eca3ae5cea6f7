/**
 * The evaluator editor's state: each evaluator as a draft of its form's fields (text as typed, so a half-typed number
 * or JSON stays on screen), turned back into the settings the API takes and checked with the API's own zod schema
 * (EvaluatorConfig), each problem named by its field's label. Pure.
 */
import { EvaluatorConfig, type EvaluatorKind } from "@/lib/evaluations/evaluators/kinds";
import { isKind, KINDS, NAME_FIELD, type FieldSpec } from "./evaluator-kinds";

export type Draft = { key: string; kind: EvaluatorKind; values: Record<string, string | boolean> };
/** A draft's problems by field key ("" for the evaluator as a whole). */
export type DraftErrors = Record<string, string>;

const fieldsOf = (kind: EvaluatorKind): FieldSpec[] => [NAME_FIELD, ...KINDS[kind].fields];

let drafted = 0;

function fieldText(field: FieldSpec, value: unknown): string | boolean {
  if (field.type === "checkbox") return value === true;
  if (value === undefined || value === null) return "";
  if (field.type === "json") return JSON.stringify(value, null, 2);
  return String(value);
}

/** An evaluator's settings as a draft; null for a kind this editor does not know. */
export function toDraft(settings: unknown): Draft | null {
  const config = (settings ?? {}) as Record<string, unknown>;
  if (!isKind(config.kind)) return null;
  const kind = config.kind;
  const values = Object.fromEntries(fieldsOf(kind).map((field) => [field.key, fieldText(field, config[field.key])]));
  drafted += 1;
  return { key: `evaluator-${drafted}`, kind, values };
}

export const toDrafts = (list: readonly unknown[]): Draft[] =>
  list.map(toDraft).filter((draft): draft is Draft => draft !== null);

/** One field's value as the API takes it, or the problem with it; `undefined` leaves the setting out. */
function fieldValue(field: FieldSpec, raw: string | boolean | undefined): { value?: unknown; problem?: string } {
  if (field.type === "checkbox") return { value: raw === true };
  const text = typeof raw === "string" ? raw : "";
  if (text.trim() === "") return field.optional ? {} : { problem: "required" };
  if (field.type === "number") {
    const number = Number(text);
    return Number.isFinite(number) ? { value: number } : { problem: "must be a number" };
  }
  if (field.type !== "json") return { value: text };
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    return { problem: `not JSON (${(error as Error).message})` };
  }
}

/** The draft as the API's settings, or its problems, each naming its field by label. */
export function fromDraft(draft: Draft): { settings: EvaluatorConfig } | { errors: DraftErrors } {
  const fields = fieldsOf(draft.kind);
  const settings: Record<string, unknown> = { kind: draft.kind };
  const errors: DraftErrors = {};
  for (const field of fields) {
    const { value, problem } = fieldValue(field, draft.values[field.key]);
    if (problem) errors[field.key] = `${field.label}: ${problem}`;
    else if (value !== undefined) settings[field.key] = value;
  }
  if (Object.keys(errors).length > 0) return { errors };
  const checked = EvaluatorConfig.safeParse(settings);
  if (checked.success) return { settings: checked.data };
  for (const issue of checked.error.issues) {
    const key = String(issue.path[0] ?? "");
    const field = fields.find((candidate) => candidate.key === key);
    errors[field ? key : ""] ??= field ? `${field.label}: ${issue.message}` : issue.message;
  }
  return { errors };
}

/** Every draft checked: the list the API takes when all are right, and each one's problems by its key. */
export function checkDrafts(drafts: readonly Draft[]): { settings: EvaluatorConfig[] | null; errors: DraftErrors[] } {
  const results = drafts.map(fromDraft);
  const errors = results.map((result) => ("errors" in result ? result.errors : {}));
  const fine = results.every((result) => "settings" in result) && drafts.length > 0;
  return {
    settings: fine ? results.map((result) => (result as { settings: EvaluatorConfig }).settings) : null,
    errors,
  };
}
