/**
 * A small real HTTP server that speaks the OpenAI chat-completions API: it answers each request
 * with the next scripted reply (a tool call, or text), and records what it was sent, so our real
 * OpenAI-compatible client code runs end to end without the internet.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export type ScriptedReply = { toolCall: { name: string; arguments: Record<string, unknown> } } | { text: string };
export type ReceivedRequest = { authorization?: string; body: { model: string; messages: { role: string; content?: unknown; tool_call_id?: string }[]; tools?: { function: { name: string } }[] } };

export async function startFakeChatCompletions(replies: ScriptedReply[]) {
  const received: ReceivedRequest[] = [];
  const server = createServer(async (req, res) => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) return void res.writeHead(404).end();
    received.push({ authorization: req.headers.authorization, body: JSON.parse(raw) });
    const reply = replies[Math.min(received.length - 1, replies.length - 1)];
    const message =
      "toolCall" in reply
        ? {
            role: "assistant",
            content: null,
            tool_calls: [{ id: `call_${received.length}`, type: "function", function: { name: reply.toolCall.name, arguments: JSON.stringify(reply.toolCall.arguments) } }],
          }
        : { role: "assistant", content: reply.text };
    res.writeHead(200, { "content-type": "application/json" }).end(
      JSON.stringify({
        id: `chatcmpl-${received.length}`,
        object: "chat.completion",
        created: Math.floor(Date.now() / 1000),
        model: JSON.parse(raw).model,
        choices: [{ index: 0, message, finish_reason: "toolCall" in reply ? "tool_calls" : "stop" }],
        usage: { prompt_tokens: 20, completion_tokens: 5, total_tokens: 25 },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`, received, close: () => server.close() };
}
