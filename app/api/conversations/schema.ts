/**
 * Chat conversations over the API (the Chat panel's): what their routes accept and answer, and their OpenAPI
 * operations — a workflow's conversations (/api/workflows/{id}/conversations), one conversation, its messages.
 */
import { z } from "zod";
import { apiError, IsoTime, jsonBody, jsonResponse, noContent, type ApiOperation } from "@/lib/http/openapi/operation";
import { notFound } from "@/lib/http/openapi/not-found";
import { RUN_STATUSES } from "@/lib/runs/run-statuses";
import { WorkflowIdParams } from "../workflows/[id]/schema";

const Title = z.string().trim().min(1, "title must not be empty").max(120);
export const CreateConversationBody = z.object({ title: Title.optional() });
export const RenameConversationBody = z.object({ title: Title });
export const MessageBody = z.object({ text: z.string().trim().min(1, "the message is empty").max(20_000) });

const ConversationParams = z.object({ id: z.string().meta({ description: "The conversation's id" }) });

export const ConversationSummary = z
  .object({ id: z.string(), workflowId: z.string(), title: z.string(), createdAt: IsoTime, updatedAt: IsoTime })
  .meta({ id: "ConversationSummary" });

const ConversationView = ConversationSummary.extend({
  turns: z.array(
    z.object({
      id: z.string(),
      runId: z.string(),
      message: z.string(),
      createdAt: IsoTime,
      status: z.enum([...RUN_STATUSES, "deleted"]),
      answer: z.string().nullable(),
      error: z.string().nullable(),
    }),
  ),
});

const tag = "Conversations";
const noConversation = apiError("No such conversation");
export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/workflows/{id}/conversations",
    tag,
    summary: "List a workflow's conversations",
    access: "viewer",
    limited: "workflow",
    request: { params: WorkflowIdParams },
    responses: {
      200: jsonResponse("Newest first", z.object({ conversations: z.array(ConversationSummary) })),
      404: notFound(),
    },
  },
  {
    method: "post",
    path: "/api/workflows/{id}/conversations",
    tag,
    summary: "Start a conversation",
    access: "editor",
    limited: "workflow",
    request: { params: WorkflowIdParams, body: jsonBody(CreateConversationBody, false) },
    responses: { 201: jsonResponse("Created", ConversationSummary), 404: notFound() },
  },
  {
    method: "get",
    path: "/api/conversations/{id}",
    tag,
    summary: "Read a conversation with its turns and answers",
    access: "viewer",
    limited: "workflow",
    request: { params: ConversationParams },
    responses: { 200: jsonResponse("The conversation", ConversationView), 404: noConversation },
  },
  {
    method: "patch",
    path: "/api/conversations/{id}",
    tag,
    summary: "Rename a conversation",
    access: "editor",
    limited: "workflow",
    request: { params: ConversationParams, body: jsonBody(RenameConversationBody) },
    responses: { 200: jsonResponse("Renamed", ConversationSummary), 404: noConversation },
  },
  {
    method: "delete",
    path: "/api/conversations/{id}",
    tag,
    summary: "Delete a conversation",
    access: "editor",
    limited: "workflow",
    request: { params: ConversationParams },
    responses: { 204: noContent("Deleted"), 404: noConversation },
  },
  {
    method: "post",
    path: "/api/conversations/{id}/messages",
    tag,
    summary: "Send a message",
    description: "The workflow runs with the message as its input; follow the answer at /api/runs/{runId}/events.",
    access: "editor",
    limited: "workflow",
    request: { params: ConversationParams, body: jsonBody(MessageBody) },
    responses: {
      201: jsonResponse("Sent", z.object({ runId: z.string(), turnId: z.string() })),
      404: noConversation,
    },
  },
];
