/** What GET /api/health answers, as an OpenAPI operation. */
import { z } from "zod";
import { jsonResponse, type ApiOperation } from "@/lib/http/openapi/operation";

const Part = z.enum(["ok", "down"]);
const Health = z.object({ status: z.enum(["ok", "degraded"]), redis: Part, database: Part });

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/health",
    tag: "System",
    summary: "Liveness and readiness",
    access: "public",
    responses: {
      200: jsonResponse("Redis and the database both answer", Health),
      503: jsonResponse("Redis or the database does not answer", Health),
    },
  },
];
