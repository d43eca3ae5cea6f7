/** The 404 answer the OpenAPI document gives every route about a workflow, in one wording. */
import type { ResponseConfig } from "@asteasolutions/zod-to-openapi";
import { apiError } from "./operation";

/**
 * The 404 of a route about a workflow or what hangs off it, in one wording: it is missing, or the caller may not see
 * it — a workflow they may not see is answered as if it did not exist (lib/auth/workflow-access.ts). `notFound()` is
 * about the workflow itself; `notFound("dataset", "row")` says "No such workflow, dataset or row".
 */
export function notFound(...parts: string[]): ResponseConfig {
  const things = ["workflow", ...parts];
  const listed = things.length === 1 ? things[0] : `${things.slice(0, -1).join(", ")} or ${things.at(-1)}`;
  return apiError(`No such ${listed} (or one the caller may not see)`);
}
