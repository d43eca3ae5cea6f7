/**
 * A visitor's message: checked, counted against the chat's rate limits, recorded as a turn of their conversation and
 * answered by the published version as a stream of its text (answer-stream.ts). A chat whose workflow was never
 * published says so; a workflow that cannot start says only that it cannot answer (its reasons are for editors).
 */
import "server-only";
import { z } from "zod";
import { ApiError } from "../http/api-error";
import { acquireStream } from "../http/stream-quota";
import { publicAnswerStream } from "./answer-stream";
import type { PublicChat } from "./lookup";
import { takeMessagePoint, tooMany } from "./rate-limit";
import { sendVisitorMessage } from "./visitor-conversation";

export const MessageBody = z.object({
  message: z
    .string({ error: "message: expected text" })
    .trim()
    .min(1, "message: write something")
    .max(4000, "message: at most 4000 characters"),
});

export const NOT_LIVE = "This chat is not live yet: its workflow has not been published";

export async function answerVisitorMessage(
  request: Request,
  chat: PublicChat,
  visitorId: string,
  body: unknown,
): Promise<Response> {
  const parsed = MessageBody.safeParse(body);
  if (!parsed.success) throw new ApiError("bad-request", parsed.error.issues[0].message);
  // Every message counts, even one a chat not yet live refuses.
  const wait = await takeMessagePoint(chat, visitorId);
  if (wait) return tooMany(wait.message, wait.retryAfterSeconds);
  if (!chat.live) throw new ApiError("conflict", NOT_LIVE);
  const release = acquireStream(`public-chat:${visitorId}`);
  if (!release) throw new ApiError("too-many", "Too many answers streaming at once: wait for one to finish");
  const sent = await sendVisitorMessage(chat.workflowId, visitorId, parsed.data.message);
  if (!sent.ok) {
    release();
    if (sent.reason === "not-published") throw new ApiError("conflict", NOT_LIVE);
    console.error(`public chat of workflow ${chat.workflowId}: ${sent.message}`);
    throw new ApiError("unavailable", "This chat cannot answer right now: please try again later");
  }
  return new Response(publicAnswerStream(sent.runId, request.signal, release), {
    headers: {
      "content-type": "text/event-stream",
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    },
  });
}
