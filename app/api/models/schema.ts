/** What POST /api/models (the model picker) takes and answers (lib/agent/model-list.ts), as an OpenAPI operation. */
import { z } from "zod";
import { ModelListRequest } from "@/lib/agent/model-list";
import { jsonBody, jsonResponse, type ApiOperation } from "@/lib/http/openapi/operation";

export const operations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/models",
    tag: "Models",
    summary: "List the models a provider offers (the inspector's model picker)",
    description:
      "The key is the node's secret reference, resolved here; the provider is asked through the outbound guard.",
    access: "editor",
    request: { body: jsonBody(ModelListRequest) },
    responses: {
      200: jsonResponse(
        "The provider's models, or why it could not be asked",
        z.union([
          z.object({ ok: z.literal(true), models: z.array(z.string()) }),
          z.object({ ok: z.literal(false), error: z.string() }),
        ]),
      ),
    },
  },
];
