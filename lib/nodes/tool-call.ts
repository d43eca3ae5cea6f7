/**
 * Tool Call (level 1 of tool use): calls one tool with arguments filled from upstream outputs
 * (`{{entry.ip}}`), no model involved. The tool is the tool-mode node wired into its tools
 * handle (and, for a source with several tools such as an MCP server, the one named here).
 */
import { z } from "zod";
import { connectNodeTools, toolResultData } from "../agent/node-tools";
import { defineComponent } from "./types";

export const toolCall = defineComponent({
  id: "core.tool.call",
  label: "Tool Call",
  category: "AI",
  icon: "wrench",
  description: "Calls one wired tool with arguments taken from earlier nodes, without a model.",
  inputs: [{ name: "input", label: "Input" }],
  outputs: [{ name: "result", label: "Result" }],
  acceptsTools: true,
  requiresTool: true,
  fields: [
    {
      name: "tool",
      label: "Tool",
      kind: "wired-tool",
      placeholder: "http_request",
      help: "Which tool of the wired source to call. Leave empty when the source has a single tool.",
    },
    {
      name: "args",
      label: "Arguments",
      kind: "json",
      templated: true,
      placeholder: '{ "url": "https://ipinfo.io/{{entry.ip}}" }',
      help:
        "The tool's arguments. {{node.port}} takes a value from an earlier node; {{input}} is what arrives on " +
        "the Input handle.",
    },
  ],
  params: z.object({
    tool: z.string().default(""),
    args: z.record(z.string(), z.unknown(), "args must be a JSON object of argument name → value").default({}),
    input: z.unknown().optional(),
  }),
  async execute(ctx) {
    const { params, signal } = ctx;
    const tools = await connectNodeTools(ctx);
    try {
      const toolName = params.tool.trim() || (tools.toolNames.length === 1 ? tools.toolNames[0] : "");
      if (!toolName) {
        throw new Error(
          `tool: the wired source offers ${tools.toolNames.length} tools (${tools.toolNames.join(", ")}); name the ` +
            `one to call`,
        );
      }
      if (!tools.toolNames.includes(toolName)) {
        throw new Error(`tool: "${toolName}" is not one of the wired tools (${tools.toolNames.join(", ") || "none"})`);
      }
      const { text, isError, structured } = await tools.callTool(toolName, params.args, { signal });
      if (isError) throw new Error(`${toolName} failed: ${text}`);
      return { result: toolResultData(text, structured) };
    } finally {
      await tools.close();
    }
  },
});
