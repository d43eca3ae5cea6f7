/** Merge: waits for its inputs (those on branches not taken are skipped) and combines what arrived. */
import { z } from "zod";
import { defineComponent } from "./types";

const PORTS = ["a", "b", "c", "d"] as const;

export const merge = defineComponent({
  id: "core.merge",
  label: "Merge",
  category: "Flow",
  icon: "combine",
  description:
    "Waits for every input that will arrive (skipped branches do not) and combines them into one object, " +
    "list or value.",
  inputs: PORTS.map((name, index) => ({ name, label: `Input ${index + 1}` })),
  outputs: [{ name: "merged", label: "Merged" }],
  fields: [
    {
      name: "mode",
      label: "Combine as",
      kind: "select",
      options: [
        { value: "object", label: "Object: { a, b, c, d }" },
        { value: "array", label: "List, in input order" },
        { value: "append", label: "List, with list inputs flattened" },
        { value: "first", label: "The first input that arrived" },
      ],
    },
  ],
  params: z.object({
    a: z.unknown().optional(),
    b: z.unknown().optional(),
    c: z.unknown().optional(),
    d: z.unknown().optional(),
    mode: z.enum(["object", "array", "append", "first"]).default("object"),
  }),
  requiresInput: true,
  harmlessToRepeat: true,
  pure: true,
  async execute({ params }) {
    const arrived = PORTS.filter((port) => params[port] !== undefined);
    switch (params.mode) {
      case "object":
        return { merged: Object.fromEntries(arrived.map((port) => [port, params[port]])) };
      case "array":
        return { merged: arrived.map((port) => params[port]) };
      case "append":
        return {
          merged: arrived.flatMap((port) =>
            Array.isArray(params[port]) ? (params[port] as unknown[]) : [params[port]],
          ),
        };
      case "first":
        return { merged: arrived.length > 0 ? params[arrived[0]] : null };
    }
  },
});
