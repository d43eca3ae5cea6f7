/**
 * Workflow Tool: runs another workflow as a child run. Wired as a tool (any agent level, a Loop),
 * each call is a child run whose input schema is the other workflow's Entry; on the canvas it runs
 * the other workflow once with its Input and hands on the output: the engine passes in how a
 * child run starts (`runChildWorkflow`, lib/tools/workflow-tool.ts), so the catalogue never imports the engine.
 */
import { z } from "zod";
import {
  DEFAULT_WORKFLOW_TIMEOUT_SECONDS,
  WORKFLOW_TOOL_SHAPE,
  WORKFLOW_TOOL_TYPE,
} from "../tools/workflow-tool-shape";
import { defineComponent } from "./types";

export const workflowTool = defineComponent({
  id: WORKFLOW_TOOL_TYPE,
  label: WORKFLOW_TOOL_SHAPE.label,
  category: "Tools",
  icon: "workflow",
  description: "Runs another workflow as a child run: as a tool for agents and loops, or once with its input.",
  inputs: [{ name: "input", label: "Input", schema: { description: "The input the workflow starts with" } }],
  outputs: [
    { name: "output", label: "Output" },
    { name: "runId", label: "Child run" },
  ],
  fields: [
    {
      name: "workflowId",
      label: "Workflow",
      kind: "workflow-ref",
      required: true,
      help: "The workflow to run. Its Entry's input fields become the tool's arguments.",
    },
    { name: "timeoutSeconds", label: "Wait at most (seconds)", kind: "number" },
  ],
  tool: WORKFLOW_TOOL_SHAPE.tool,
  // A child run does what its workflow does, so it is not repeated: sent again (a resume, a re-sent
  // call), it re-attaches to the child run it started (lib/tools/workflow-tool.ts).
  resumableFromRecords: true,
  params: z.object({
    workflowId: z.string().min(1, "workflowId: choose the workflow to run"),
    input: z.unknown().optional(),
    timeoutSeconds: z.number().int().min(1).max(3600).default(DEFAULT_WORKFLOW_TIMEOUT_SECONDS),
  }),
  async execute({ label, params, runChildWorkflow }) {
    if (!runChildWorkflow)
      throw new Error(`${label}: a Workflow Tool runs only inside a run, which starts its child runs`);
    const child = await runChildWorkflow({
      workflowId: params.workflowId,
      input: params.input,
      timeoutMs: params.timeoutSeconds * 1000,
    });
    return { output: child.output ?? null, runId: child.runId };
  },
});
