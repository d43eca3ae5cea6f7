/** GET /api/openapi.json as an OpenAPI operation: the document describes itself too. */
import { z } from "zod";
import { jsonResponse, type ApiOperation } from "@/lib/http/openapi/operation";

export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/openapi.json",
    tag: "System",
    summary: "This API's OpenAPI 3.1 document",
    description: "Generated from the zod schemas the routes validate with. Browsable at /api-docs.",
    access: "viewer",
    limited: "filtered", // the same document for every key: it names no workflow
    responses: {
      200: jsonResponse(
        "The document",
        z.looseObject({ openapi: z.string(), info: z.looseObject({}), paths: z.record(z.string(), z.unknown()) }),
      ),
    },
  },
];
