/** zod issues in words, each naming the field it is about (`args.0: expected string`). Browser-safe. */
import type { z } from "zod";

/** `fallback` names the value itself when the issue has no path; a message that names its field already is kept. */
export function issueText(issue: z.core.$ZodIssue, fallback = "value"): string {
  const field = issue.path.join(".") || fallback;
  return issue.message.startsWith(`${field}:`) ? issue.message : `${field}: ${issue.message}`;
}

export const describeIssues = (error: z.ZodError, fallback?: string): string =>
  error.issues.map((issue) => issueText(issue, fallback)).join("; ");
