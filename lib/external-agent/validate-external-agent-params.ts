/**
 * The compiler's checks of an External Agent's params (pure): in process mode it needs a program to start, and its
 * arguments must be a list of strings.
 */
import type { ParamValidator } from "../nodes/types";

export const validateExternalAgentParams: ParamValidator = (params, { label }) => {
  if (params.mode !== "process") return [];
  const problems = [];
  if (typeof params.command !== "string" || params.command.trim() === "")
    problems.push({ field: "command", message: `"${label}" starts an agent program: name it in Command` });
  if (
    params.args !== undefined &&
    !(Array.isArray(params.args) && params.args.every((arg) => typeof arg === "string"))
  ) {
    problems.push({
      field: "args",
      message: `"${label}": Arguments must be a list of strings, like ["agent.js", "--once"]`,
    });
  }
  return problems;
};
