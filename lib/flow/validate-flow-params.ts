/**
 * Compile-time checks of the flow, data and trigger components' params: a JSONata expression must parse, a regex
 * compile, a schedule be a cron in a real time zone. Pure (the browser runs them too).
 */
import type { ParamProblem, ParamValidator } from "../nodes/types";
import { cronProblem } from "../triggers/cron";
import { inputFieldsProblems } from "../workflow/run-input-schema";
import { compileExpression } from "./jsonata-expression";

function expressionProblem(field: string, source: unknown, label: string): ParamProblem[] {
  if (typeof source !== "string" || source.trim() === "") return [];
  try {
    compileExpression(source);
    return [];
  } catch (error) {
    return [{ field, message: `"${label}": ${(error as Error).message}` }];
  }
}

function regexProblem(params: Record<string, unknown>, fields: string[], label: string): ParamProblem[] {
  if (params.operator !== "matches") return [];
  return fields.flatMap((field) => {
    try {
      new RegExp(String(params[field] ?? ""));
      return [];
    } catch (error) {
      return [
        { field, message: `"${label}": ${field} is not a valid regular expression (${(error as Error).message})` },
      ];
    }
  });
}

export const validateIfParams: ParamValidator = (params, { label }) => [
  ...expressionProblem("expression", params.expression, label),
  ...regexProblem(params, ["compareTo"], label),
];

export const validateSwitchParams: ParamValidator = (params, { label }) =>
  regexProblem(
    params,
    ["case1", "case2", "case3"].filter((field) => params[field] !== ""),
    label,
  );

export const validateTransformParams: ParamValidator = (params, { label }) => {
  if (params.mode !== "jsonata") return [];
  if (typeof params.expression !== "string" || params.expression.trim() === "")
    return [{ field: "expression", message: `"${label}" needs a JSONata expression` }];
  return expressionProblem("expression", params.expression, label);
};

export const validateScheduleParams: ParamValidator = (params, { label }) => {
  const cron = typeof params.cron === "string" ? params.cron.trim() : "";
  if (!cron) return []; // "required" already says so
  const problem = cronProblem(
    cron,
    typeof params.timezone === "string" && params.timezone.trim() ? params.timezone.trim() : "UTC",
  );
  return problem
    ? [{ field: problem.includes("time zone") ? "timezone" : "cron", message: `"${label}": ${problem}` }]
    : [];
};

export const validateEntryParams: ParamValidator = (params, { label }) =>
  inputFieldsProblems(params.inputFields).map((message) => ({
    field: "inputFields",
    message: `"${label}" input fields: ${message}`,
  }));
