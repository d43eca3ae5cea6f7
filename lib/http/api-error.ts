/** Typed API errors that know how to become a JSON response, and a wrapper that turns everything else into a clean 500. */
export type ApiErrorCode = "bad-request" | "invalid-graph" | "invalid-workflow" | "not-found" | "conflict" | "unauthorized" | "unavailable";

const STATUS: Record<ApiErrorCode, number> = {
  "bad-request": 400,
  "invalid-graph": 400,
  "invalid-workflow": 400,
  "not-found": 404,
  conflict: 409,
  unauthorized: 401,
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
    return Response.json({ error: this.message, code: this.code, ...(this.details ? { errors: this.details } : {}) }, { status: STATUS[this.code] });
  }
}

export async function readJsonBody(request: Request): Promise<unknown> {
  const text = await request.text();
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError("bad-request", "The request body is not valid JSON");
  }
}

type Handler<C> = (request: Request, context: C) => Promise<Response>;

export function withApiErrors<C>(handler: Handler<C>): Handler<C> {
  return async (request, context) => {
    try {
      return await handler(request, context);
    } catch (error) {
      if (error instanceof ApiError) return error.toResponse();
      console.error(`${request.method} ${new URL(request.url).pathname} failed:`, error);
      return Response.json({ error: "Internal error", code: "internal" }, { status: 500 });
    }
  };
}
