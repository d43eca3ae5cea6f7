/** GET/PUT /api/workflows/{id}/public-chat as OpenAPI operations (lib/public-chat/settings.ts). */
import { z } from "zod";
import { apiError, jsonBody, jsonResponse, type ApiOperation } from "@/lib/http/openapi/operation";
import { notFound } from "@/lib/http/openapi/not-found";
import { PublicChatUpdate } from "@/lib/public-chat/settings";
import { WorkflowIdParams } from "../schema";

const PublicChatSettings = z
  .object({
    enabled: z.boolean(),
    publicId: z.string().meta({ description: "The id in the public URLs: /chat/{publicId}" }),
    title: z.string(),
    welcomeMessage: z.string(),
    allowedOrigins: z.array(z.string()).meta({ description: "Pages that may embed it; empty: none" }),
    hasAccessCode: z.boolean(),
    messagesPerMinute: z.number().int(),
    visitorMessagesPerMinute: z.number().int(),
  })
  .meta({ id: "PublicChatSettings" });

/** Both are about the workflow the path names, so a key limited to it may call them. */
const common = { path: "/api/workflows/{id}/public-chat", tag: "Workflows", limited: "workflow" } as const;

export const operations: ApiOperation[] = [
  {
    ...common,
    method: "get",
    summary: "Read the public chat settings",
    access: "viewer",
    request: { params: WorkflowIdParams },
    responses: { 200: jsonResponse("The settings", PublicChatSettings), 404: notFound() },
  },
  {
    ...common,
    method: "put",
    summary: "Change the public chat settings",
    description: "Fields left out keep their value; `accessCode: null` removes the code.",
    access: "editor",
    request: { params: WorkflowIdParams, body: jsonBody(PublicChatUpdate) },
    responses: {
      200: jsonResponse("The settings now", PublicChatSettings),
      400: apiError("A field is wrong (named)"),
      404: notFound(),
    },
  },
];
