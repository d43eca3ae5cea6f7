/**
 * The one way a tool call answers with an error the model can read and recover from (an MCP result with `isError`, not
 * a protocol error).
 */
import type { ToolCallJobResult } from "../queue/queues";

export const errorResult = (text: string): ToolCallJobResult => ({ content: [{ type: "text", text }], isError: true });
