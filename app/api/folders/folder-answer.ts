/** How the folder routes answer lib/workflow-store/folders.ts: a refusal as its API error, a folder as JSON. */
import type { z } from "zod";
import { AccessError, type Principal } from "@/lib/auth/principal";
import { ApiError, type ApiErrorCode } from "@/lib/http/api-error";
import { describeIssues } from "@/lib/validation/describe-issues";
import type { FolderFailure, FolderResult, FolderSummary } from "@/lib/workflow-store/folders";

const CODES: Record<FolderFailure, ApiErrorCode> = {
  "not-found": "not-found",
  forbidden: "forbidden",
  conflict: "conflict",
  invalid: "bad-request",
};

/** The result's value, or its refusal thrown as the API error apiRoute answers with. */
export function unlessRefused<T extends object>(result: FolderResult<T>): T {
  if (!result.ok) throw new ApiError(CODES[result.reason], result.error);
  return result;
}

/** A body parsed with `schema`, or 400 naming the field at fault. */
export function parsedBody<T>(schema: z.ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ApiError("bad-request", describeIssues(parsed.error, "body"));
  return parsed.data;
}

export const folderJson = (folder: FolderSummary) => ({ ...folder, createdAt: folder.createdAt.toISOString() });

/**
 * The folder reads take a key limited to a folder (they answer that folder only: folders.ts narrows to it) but not one
 * limited to some workflows, which no folder is among — as apiRoute refuses such keys on routes not about one workflow.
 */
export function refuseWorkflowLimitedKey(principal: Principal): void {
  if (principal.workflowIds !== null && principal.folderIds === null)
    throw new AccessError(
      "forbidden",
      "This API key is limited to some workflows, and folders are not among them: use a key limited to a folder",
    );
}
