/** The model picker's route (POST /api/models): what it takes (lib/agent/model-list.ts) and its OpenAPI operation. */
import { z } from "zod";
import { jsonBody, jsonResponse, type ApiOperation } from "@/lib/http/openapi/operation";
import { ModelListRequest } from "@/lib/agent/model-list";

const ModelList = z.union([
  z.object({ ok: z.literal(true), models: z.array(z.string()) }),
  z.object({ ok: z.literal(false), error: z.string().meta({ description: "Why the provider could not be asked" }) }),
]);

export const operations: ApiOperation[] = [
  {
    method: "post",
    path: "/api/models",
    tag: "Models",
    summary: "List the models a provider offers",
    description:
      "The node's key is read from its secret on the server; the provider is asked through the outbound guard.",
    access: "editor",
    request: { body: jsonBody(ModelListRequest) },
    responses: { 200: jsonResponse("The models, or why the provider could not be asked", ModelList) },
  },
];
