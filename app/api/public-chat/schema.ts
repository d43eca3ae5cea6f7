/**
 * The public chat's routes (lib/public-chat) as OpenAPI operations: no account; the chat's public id is the address,
 * a visitor token (POST …/session) the Bearer credential of a visitor's own conversation. A browser request from a page
 * on an origin the chat does not allow is refused (403) whatever its method.
 */
import type { ResponseConfig } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import { apiError, jsonBody, jsonResponse, type ApiOperation } from "@/lib/http/openapi/operation";
import { MessageBody } from "@/lib/public-chat/messages";
import { SessionBody } from "@/lib/public-chat/session";

const PublicIdParams = z.object({
  publicId: z.string().meta({ description: "The chat's public id (not the workflow's)" }),
});
const Turns = z.object({
  turns: z.array(
    z.object({
      message: z.string(),
      createdAt: z.string(),
      status: z.enum(["answering", "answered", "failed"]),
      answer: z.string().nullable(),
    }),
  ),
});
const off = apiError("No public chat has this id, or it is turned off");
const visitorGet = {
  401: apiError("No valid visitor token for this chat, or the access code changed"),
  404: off,
};
const visitor = { ...visitorGet, 403: apiError("Sent from a page whose origin the chat does not allow") };

/** One public operation under /api/public-chat/{publicId}. */
const publicOperation = (
  method: "get" | "post",
  path: string,
  summary: string,
  responses: Record<number, ResponseConfig>,
  extra: { body?: z.ZodType; optionalBody?: boolean; description?: string } = {},
): ApiOperation => ({
  method,
  path: `/api/public-chat/{publicId}${path}`,
  tag: "Public chat",
  summary,
  ...(extra.description ? { description: extra.description } : {}),
  access: "public",
  request: {
    params: PublicIdParams,
    ...(extra.body ? { body: jsonBody(extra.body, extra.optionalBody !== true) } : {}),
  },
  responses,
});

const Info = z.object({ title: z.string(), welcomeMessage: z.string(), accessCode: z.boolean(), live: z.boolean() });

export const operations: ApiOperation[] = [
  publicOperation("get", "", "What a public chat shows", {
    200: jsonResponse("Title, welcome message, whether an access code is asked and whether it is live", Info),
    404: off,
  }),
  publicOperation(
    "post",
    "/session",
    "Start a visitor's session",
    {
      201: jsonResponse("The visitor's token", z.object({ token: z.string() })),
      401: apiError("The chat asks for an access code"),
      403: apiError("Wrong access code, or a page whose origin the chat does not allow"),
      404: off,
      429: apiError("Too many wrong access codes, or new sessions, from this address (Retry-After)"),
    },
    { body: SessionBody, optionalBody: true },
  ),
  publicOperation("get", "/conversation", "Read the visitor's conversation", {
    200: jsonResponse("The visitor's turns, oldest first", Turns),
    ...visitorGet,
  }),
  publicOperation("post", "/conversation", "Start a new conversation", {
    201: jsonResponse("An empty conversation", Turns),
    ...visitor,
    429: apiError("Too many new sessions or conversations from this address (Retry-After)"),
  }),
  publicOperation(
    "post",
    "/messages",
    "Send a message, stream the answer",
    {
      200: { description: "The answer's events", content: { "text/event-stream": { schema: z.string() } } },
      400: apiError("No message, or one too long"),
      ...visitor,
      409: apiError("The workflow has never been published"),
      429: apiError("Too many messages from this visitor or to this chat (Retry-After)"),
      503: apiError("The workflow cannot answer now"),
    },
    {
      body: MessageBody,
      description:
        "Answered by the workflow's published version, as Server-Sent Events: `message`, `text` (delta), then " +
        "`done` (answer) or `error`. Nothing else of the run is sent.",
    },
  ),
  publicOperation("get", "/widget.js", "The embeddable widget's script", {
    200: { description: "JavaScript", content: { "text/javascript": { schema: z.string() } } },
    404: off,
  }),
];
