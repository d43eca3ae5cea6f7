/**
 * Code: JavaScript in a QuickJS sandbox in an evaluation box (memory and time capped, no host access) over the input.
 * Also a tool.
 */
import { z } from "zod";
import { DEFAULT_SANDBOX_LIMITS } from "../flow/js-sandbox-limits";
import { defineComponent } from "./types";

export const code = defineComponent({
  id: "core.code",
  label: "Code",
  category: "Data",
  icon: "code",
  description:
    "Runs JavaScript over its input in a sandbox (no files, network or process) and hands on what it returns.",
  inputs: [{ name: "input", label: "Input", schema: { description: "The value the code sees as `input`" } }],
  outputs: [{ name: "result", label: "Result" }],
  fields: [
    {
      name: "code",
      label: "JavaScript (a function body)",
      kind: "textarea",
      required: true,
      placeholder: "return input.items.filter((item) => item.price > 10);",
      help: "`input` is what arrives at this node; return any JSON value.",
    },
    { name: "timeoutMs", label: "Time limit (ms)", kind: "number" },
  ],
  tool: {
    name: "run_code",
    description: "Runs this node's JavaScript on the given input and returns the result.",
    agentInputs: ["input"],
  },
  params: z.object({
    input: z.unknown().optional(),
    code: z.string().min(1, "code: write the JavaScript to run"),
    timeoutMs: z.number().int().min(10).max(30_000).default(DEFAULT_SANDBOX_LIMITS.timeMs),
  }),
  harmlessToRepeat: true,
  pure: true,
  async execute({ params, signal }) {
    // Loaded on first use: the evaluation boxes (and QuickJS in them) stay out of processes that never run code.
    const { runInSandbox } = await import("../flow/js-sandbox");
    return {
      result: await runInSandbox(
        params.code,
        params.input,
        { ...DEFAULT_SANDBOX_LIMITS, timeMs: params.timeoutMs },
        signal,
      ),
    };
  },
});
