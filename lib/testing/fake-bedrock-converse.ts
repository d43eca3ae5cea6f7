/**
 * A real HTTP server that speaks Amazon Bedrock's Converse API: `POST /model/{id}/converse` answers
 * a scripted reply (text, or a toolUse block) as JSON; `/converse-stream` streams it in AWS's binary
 * event-stream framing (application/vnd.amazon.eventstream), encoded with AWS's own codec
 * (@smithy/eventstream-codec): messageStart, contentBlockStart/Delta/Stop, messageStop, metadata
 * with usage. It records what it was sent, the Authorization header included (a Bedrock API key's
 * Bearer token, or a SigV4 signature naming the access key id), so the real @ai-sdk/amazon-bedrock
 * client runs end to end without AWS.
 */
import type { ServerResponse } from "node:http";
import { EventStreamCodec } from "@smithy/eventstream-codec";
import { wordChunks, type ScriptedReply } from "./fake-chat-completions";
import { replyFor, sendJson, startRecordingServer } from "./fake-model-server";

export type ConverseRequestBody = {
  messages: { role: string; content: Record<string, unknown>[] }[];
  system?: { text: string }[];
  toolConfig?: { tools: { toolSpec: { name: string } }[]; toolChoice?: unknown };
  inferenceConfig?: Record<string, unknown>;
};

const USAGE = { inputTokens: 20, outputTokens: 5, totalTokens: 25 };
const codec = new EventStreamCodec(
  (bytes) => new TextDecoder().decode(bytes),
  (text) => new TextEncoder().encode(text),
);

/** One event-stream message: its event type in the headers, its JSON as the body. */
const frame = (eventType: string, payload: unknown) =>
  codec.encode({
    headers: {
      ":event-type": { type: "string", value: eventType },
      ":content-type": { type: "string", value: "application/json" },
      ":message-type": { type: "string", value: "event" },
    },
    body: new TextEncoder().encode(JSON.stringify(payload)),
  });

export async function startFakeBedrockConverse(replies: ScriptedReply[]) {
  return startRecordingServer<ConverseRequestBody>((request, res, count) => {
    const call = request.path.match(/^\/model\/([^/]+)\/(converse|converse-stream)$/);
    if (request.method !== "POST" || !call) return false;
    if (!request.headers.authorization) return (sendJson(res, { message: "Missing Authentication Token" }, 403), true);
    const reply = replyFor(replies, count);
    const toolUse = "toolCall" in reply && { toolUseId: `tooluse_${count}`, name: reply.toolCall.name };
    if (call[2] === "converse-stream") streamReply(res, reply, toolUse || undefined);
    else {
      const content =
        toolUse && "toolCall" in reply ? [{ toolUse: { ...toolUse, input: reply.toolCall.arguments } }] : [];
      if ("text" in reply) content.push({ text: reply.text } as never);
      const stopReason = toolUse ? "tool_use" : "end_turn";
      sendJson(res, { output: { message: { role: "assistant", content } }, stopReason, usage: USAGE });
    }
    return true;
  });
}

function streamReply(res: ServerResponse, reply: ScriptedReply, toolUse?: { toolUseId: string; name: string }) {
  res.writeHead(200, { "content-type": "application/vnd.amazon.eventstream" });
  const send = (eventType: string, payload: unknown) => res.write(frame(eventType, payload));
  send("messageStart", { role: "assistant" });
  if (toolUse && "toolCall" in reply) {
    send("contentBlockStart", { contentBlockIndex: 0, start: { toolUse } });
    const input = JSON.stringify(reply.toolCall.arguments);
    send("contentBlockDelta", { contentBlockIndex: 0, delta: { toolUse: { input } } });
  } else if ("text" in reply)
    for (const piece of wordChunks(reply.text))
      send("contentBlockDelta", { contentBlockIndex: 0, delta: { text: piece } });
  send("contentBlockStop", { contentBlockIndex: 0 });
  send("messageStop", { stopReason: toolUse ? "tool_use" : "end_turn" });
  send("metadata", { usage: USAGE, metrics: { latencyMs: 1 } });
  res.end();
}
