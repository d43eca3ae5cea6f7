/**
 * A small real HTTP server that speaks the Anthropic Messages API: it answers each request with
 * the next scripted reply (a tool_use block, or text) — as one message, or as the Messages
 * streaming events when asked to stream — and records what it was sent, so our real Anthropic
 * client code runs end to end without the internet.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { wordChunks, type ScriptedReply } from "./fake-chat-completions";

type ContentBlock = {
  type: string;
  text?: string;
  tool_use_id?: string;
  content?: unknown;
  is_error?: boolean;
  name?: string;
};
export type ReceivedAnthropicRequest = {
  apiKey?: string;
  version?: string;
  body: {
    model: string;
    stream?: boolean;
    system?: unknown;
    messages: { role: string; content: string | ContentBlock[] }[];
    tools?: { name: string }[];
    tool_choice?: { type: string };
  };
};

/** `thinking`: extended thinking streamed before the reply's block, signed as Anthropic signs it. */
export type AnthropicReply = ScriptedReply & { thinking?: string };

export async function startFakeAnthropicMessages(replies: AnthropicReply[]) {
  const received: ReceivedAnthropicRequest[] = [];
  const server = createServer(async (req, res) => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    if (req.method !== "POST" || !req.url?.endsWith("/messages")) return void res.writeHead(404).end();
    const apiKey = req.headers["x-api-key"] as string | undefined;
    if (!apiKey) {
      return void res.writeHead(401, { "content-type": "application/json" }).end(
        JSON.stringify({
          type: "error",
          error: { type: "authentication_error", message: "x-api-key header is required" },
        }),
      );
    }
    const body = JSON.parse(raw) as ReceivedAnthropicRequest["body"];
    received.push({ apiKey, version: req.headers["anthropic-version"] as string | undefined, body });
    const reply = replies[Math.min(received.length - 1, replies.length - 1)];
    if (body.stream) return void streamReply(res, received.length, body.model, reply);
    const content =
      "toolCall" in reply
        ? [
            {
              type: "tool_use",
              id: `toolu_${received.length}`,
              name: reply.toolCall.name,
              input: reply.toolCall.arguments,
            },
          ]
        : [{ type: "text", text: reply.text }];
    res.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify({
        id: `msg_${received.length}`,
        type: "message",
        role: "assistant",
        model: body.model,
        content,
        stop_reason: "toolCall" in reply ? "tool_use" : "end_turn",
        stop_sequence: null,
        usage: { input_tokens: 30, output_tokens: 7 },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    received,
    close: () => server.close(),
  };
}

/** The signature the fake gives a reply's thinking: a client must send it back with the thinking. */
export const thinkingSignature = (n: number) => `signature-of-thinking-${n}`;

/**
 * message_start, the thinking block if any, one content block (text deltas a few words each, or a tool_use with its
 * input as JSON), message_delta, message_stop.
 */
function streamReply(res: import("node:http").ServerResponse, n: number, model: string, reply: AnthropicReply) {
  const event = (type: string, data: Record<string, unknown>) =>
    res.write(`event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`);
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  event("message_start", {
    message: {
      id: `msg_${n}`,
      type: "message",
      role: "assistant",
      model,
      content: [],
      stop_reason: null,
      stop_sequence: null,
      usage: { input_tokens: 30, output_tokens: 1 },
    },
  });
  const index = reply.thinking === undefined ? 0 : 1;
  if (reply.thinking !== undefined) {
    event("content_block_start", { index: 0, content_block: { type: "thinking", thinking: "" } });
    event("content_block_delta", { index: 0, delta: { type: "thinking_delta", thinking: reply.thinking } });
    event("content_block_delta", { index: 0, delta: { type: "signature_delta", signature: thinkingSignature(n) } });
    event("content_block_stop", { index: 0 });
  }
  if ("toolCall" in reply) {
    event("content_block_start", {
      index,
      content_block: { type: "tool_use", id: `toolu_${n}`, name: reply.toolCall.name, input: {} },
    });
    event("content_block_delta", {
      index,
      delta: { type: "input_json_delta", partial_json: JSON.stringify(reply.toolCall.arguments) },
    });
  } else {
    event("content_block_start", { index, content_block: { type: "text", text: "" } });
    for (const piece of wordChunks(reply.text))
      event("content_block_delta", { index, delta: { type: "text_delta", text: piece } });
  }
  event("content_block_stop", { index });
  event("message_delta", {
    delta: { stop_reason: "toolCall" in reply ? "tool_use" : "end_turn", stop_sequence: null },
    usage: { output_tokens: 7 },
  });
  event("message_stop", {});
  res.end();
}
