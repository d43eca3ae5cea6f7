/**
 * How a route describes itself for the OpenAPI document (/api/openapi.json): one ApiOperation per method and path,
 * written next to the zod schemas the route validates with (each route folder's schema.ts) and listed in
 * app/api/operations.ts. The answers every route shares (the perimeter's and the login's refusals) are added by
 * build-document.ts from `access`, so an operation lists only its own.
 */
import type { ResponseConfig, RouteConfig, ZodRequestBody } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import type { Role } from "../../auth/roles";

/**
 * Who may call: a role (API key or session), anyone (`public`), a webhook's secret or an editor (`webhook`), the
 * holder of a one-time link (`resume-token`), or a run's agent with its session token (`run-token`).
 */
export type Access = Role | "public" | "webhook" | "resume-token" | "run-token";

export type ApiOperation = {
  method: "get" | "post" | "put" | "patch" | "delete";
  /** The path as OpenAPI writes it: `/api/workflows/{id}`. */
  path: string;
  tag: string;
  summary: string;
  description?: string;
  access: Access;
  /**
   * How an API key limited to some workflows is treated (lib/http/api-route.ts): checked against the workflow the path
   * names, or the answer narrowed to its workflows; absent, such keys are refused.
   */
  limited?: "workflow" | "filtered";
  request?: RouteConfig["request"];
  /** This route's own answers, by status; the shared refusals are added from `access`. */
  responses: Record<number, ResponseConfig>;
};

/** What every refusal and error answers: `error` for people, `code` for programs, and `errors` when there are many. */
export const ApiErrorBody = z
  .object({
    error: z.string().meta({ description: "What went wrong, naming the field, node or edge at fault" }),
    code: z.string().meta({ description: "A stable code: bad-request, invalid-graph, forbidden, not-found…" }),
    errors: z
      .array(z.union([z.string(), z.looseObject({ message: z.string() })]))
      .optional()
      .meta({ description: "Every problem, when there are several (compile errors name their node)" }),
  })
  .meta({ id: "Error" });

export const jsonBody = (schema: z.ZodType, required = true): ZodRequestBody => ({
  required,
  content: { "application/json": { schema } },
});

export const jsonResponse = (description: string, schema: z.ZodType): ResponseConfig => ({
  description,
  content: { "application/json": { schema } },
});

export const apiError = (description: string): ResponseConfig => jsonResponse(description, ApiErrorBody);

export const noContent = (description: string): ResponseConfig => ({ description });

/** An ISO 8601 time as the API writes it. */
export const IsoTime = z.iso.datetime();
