/** The allow-list and aliases params of a node that uses tools (Agent, LLM), and how they become token claims. */
import { z } from "zod";
import type { ParamField } from "../nodes/types";
import type { ToolAccess } from "./node-tools";

export const toolAccessFields: ParamField[] = [
  {
    name: "allowedTools",
    label: "Allowed tools",
    kind: "text",
    placeholder: "*",
    help: "Tool names this node may call, separated by commas; * allows every wired tool.",
  },
  {
    name: "aliases",
    label: "Tool aliases",
    kind: "json",
    placeholder: '{ "read": "files__read_file" }',
    help: "Extra names for tools: alias → the tool's name. The model can call either.",
  },
];

export const toolAccessParams = {
  allowedTools: z
    .union([z.string(), z.array(z.string())])
    .default("*")
    .transform((value) =>
      (Array.isArray(value) ? value : value.split(/[\s,]+/)).map((name) => name.trim()).filter(Boolean),
    )
    .transform((names) => (names.length === 0 ? ["*"] : names)),
  aliases: z
    .record(
      z.string().min(1),
      z.string().min(1, "an alias must name a tool"),
      "aliases must be a JSON object of alias → tool name",
    )
    .default({}),
};

export const toolAccess = (params: { allowedTools: string[]; aliases: Record<string, string> }): ToolAccess => ({
  allowedTools: params.allowedTools,
  toolAliases: params.aliases,
});
