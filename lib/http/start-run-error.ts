/** How a route answers a run that did not start (lib/runs/start-run.ts), the same everywhere a run starts. */
import type { StartRunResult } from "../runs/start-run";
import { ApiError } from "./api-error";

export function startRunError(result: Exclude<StartRunResult, { ok: true }>): ApiError {
  switch (result.reason) {
    case "not-found":
      return new ApiError("not-found", result.message);
    case "not-published":
      return new ApiError("conflict", result.message);
    case "invalid-input":
      return new ApiError("bad-request", result.message, result.errors);
    default:
      return new ApiError("invalid-workflow", result.message, result.errors);
  }
}
