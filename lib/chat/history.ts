/**
 * A model node's memory in a chat: the conversation's last `windowSize` answered turns before
 * this run, oldest first, as user / assistant messages. Turns are ordered by their runs' start,
 * so the lookup needs only the conversation (carried in the run's trigger), not this run's turn,
 * which is recorded just after the run starts.
 */
import type { ModelMessage } from "ai";
import { sql } from "../db/sql";
import { answerText } from "../runs/answer-text";

export async function conversationHistory(
  conversationId: string,
  runId: string,
  windowSize: number,
): Promise<ModelMessage[]> {
  if (windowSize <= 0) return [];
  const rows = await sql<{ message: string; output: unknown }>`
    SELECT t.message, r.output
    FROM "ChatTurn" t JOIN "Run" r ON r.id = t."runId"
    WHERE t."conversationId" = ${conversationId} AND r.status = 'completed' AND r.id <> ${runId}
      AND r."createdAt" < (SELECT "createdAt" FROM "Run" WHERE id = ${runId})
    ORDER BY r."createdAt" DESC LIMIT ${windowSize}`;
  return rows.reverse().flatMap((turn): ModelMessage[] => [
    { role: "user", content: turn.message },
    { role: "assistant", content: answerText(turn.output) },
  ]);
}
