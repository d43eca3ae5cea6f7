/** The tool the provider tests hand their agents: looks a city up (Oslo: 4°C), and fails for any other. */
import { jsonSchema, tool, type ToolSet } from "ai";

export const lookupTools = (): ToolSet => ({
  lookup: tool({
    description: "Looks a city up",
    inputSchema: jsonSchema<{ city: string }>({
      type: "object",
      properties: { city: { type: "string" } },
      required: ["city"],
    }),
    execute: async ({ city }) => (city === "Oslo" ? "Oslo: 4°C" : Promise.reject(new Error(`unknown city ${city}`))),
  }),
});
