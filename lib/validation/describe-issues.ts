/** zod issues in words, each naming the field it is about (`args.0: expected string`). Browser-safe. */
import type { z } from "zod";

/** `fallback` names the value itself when the issue has no path. */
export const issueText = (issue: z.core.$ZodIssue, fallback = "value"): string =>
  `${issue.path.join(".") || fallback}: ${issue.message}`;

export const describeIssues = (error: z.ZodError, fallback?: string): string =>
  error.issues.map((issue) => issueText(issue, fallback)).join("; ");
