/** How the folder routes answer lib/workflow-store/folders.ts: a refusal as its API error, a folder as JSON. */
import type { z } from "zod";
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
