/** Typed API errors that know how to become a JSON response. */
export type ApiErrorCode =
  | "bad-request"
  | "invalid-graph"
  | "invalid-workflow"
  | "unauthorized"
  | "forbidden"
  | "not-found"
  | "conflict"
  | "too-large"
  | "too-many"
  | "unavailable";

const STATUS: Record<ApiErrorCode, number> = {
  "bad-request": 400,
  "invalid-graph": 400,
  "invalid-workflow": 400,
  unauthorized: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  "too-large": 413,
  "too-many": 429,
  unavailable: 503,
};

export class ApiError extends Error {
  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }

  toResponse(): Response {
    return Response.json(
      { error: this.message, code: this.code, ...(this.details ? { errors: this.details } : {}) },
      { status: STATUS[this.code] },
    );
  }
}

/** The answer to a request that failed for a reason of ours: it says nothing of what went wrong (the log does). */
export function internalError(): Response {
  return Response.json({ error: "Internal error", code: "internal" }, { status: 500 });
}
