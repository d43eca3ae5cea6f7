/**
 * A real HTTP server that speaks Google's Gemini API (generativelanguage v1beta): `generateContent`
 * answers a scripted reply (text, or a functionCall part) as one JSON body, `streamGenerateContent`
 * (`alt=sse`) streams the text a few words per server-sent event, usage in `usageMetadata`; GET
 * `/models` lists models as `models.list` does. It records what it was sent (the key arrives in
 * `x-goog-api-key`), so the real @ai-sdk/google client runs end to end without the internet.
 */
import type { ServerResponse } from "node:http";
import { wordChunks, type ScriptedReply } from "./fake-chat-completions";
import { replyFor, sendJson, startRecordingServer } from "./fake-model-server";

export type GeminiRequestBody = {
  contents: { role: string; parts: Record<string, unknown>[] }[];
  systemInstruction?: { parts: { text: string }[] };
  tools?: { functionDeclarations?: { name: string }[] }[];
  toolConfig?: { functionCallingConfig?: { mode?: string } };
  generationConfig?: { responseMimeType?: string; responseSchema?: unknown; temperature?: number };
};

const USAGE = { promptTokenCount: 20, candidatesTokenCount: 5, totalTokenCount: 25 };

const candidate = (parts: Record<string, unknown>[], finishReason?: string) => ({
  content: { role: "model", parts },
  ...(finishReason ? { finishReason } : {}),
  index: 0,
});

const replyParts = (reply: ScriptedReply) =>
  "toolCall" in reply ? [{ functionCall: { name: reply.toolCall.name, args: reply.toolCall.arguments } }] : [];

export async function startFakeGemini(replies: ScriptedReply[], { models = [] as string[] } = {}) {
  const server = await startRecordingServer<GeminiRequestBody>((request, res, count) => {
    if (request.method === "GET" && request.path === "/v1beta/models") {
      const listed = models.map((id) => ({ name: `models/${id}`, supportedGenerationMethods: ["generateContent"] }));
      return (
        sendJson(res, {
          models: [...listed, { name: "models/embed-1", supportedGenerationMethods: ["embedContent"] }],
        }),
        true
      );
    }
    const call = request.path.match(/^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/);
    if (request.method !== "POST" || !call) return false;
    if (!request.headers["x-goog-api-key"])
      return (
        sendJson(res, { error: { code: 403, message: "API key missing", status: "PERMISSION_DENIED" } }, 403),
        true
      );
    const reply = replyFor(replies, count);
    if (call[2] === "streamGenerateContent") streamReply(res, reply);
    else {
      const parts = "toolCall" in reply ? replyParts(reply) : [{ text: reply.text }];
      sendJson(res, { candidates: [candidate(parts, "STOP")], usageMetadata: USAGE, modelVersion: call[1] });
    }
    return true;
  });
  return { ...server, baseUrl: `${server.origin}/v1beta` };
}

function streamReply(res: ServerResponse, reply: ScriptedReply) {
  res.writeHead(200, { "content-type": "text/event-stream" });
  const event = (body: unknown) => res.write(`data: ${JSON.stringify(body)}\r\n\r\n`);
  if ("toolCall" in reply) event({ candidates: [candidate(replyParts(reply), "STOP")], usageMetadata: USAGE });
  else {
    for (const piece of wordChunks(reply.text)) event({ candidates: [candidate([{ text: piece }])] });
    event({ candidates: [candidate([{ text: "" }], "STOP")], usageMetadata: USAGE });
  }
  res.end();
}
