/**
 * What the Workflow Tool component and the code that runs it both need to know, with no imports:
 * the catalogue reads these while it is being built, and lib/tools/workflow-tool.ts sits in an
 * import cycle with the catalogue (it starts runs, which compile with it). Reading them from here
 * keeps the cycle harmless whichever module a bundle happens to load first.
 */
export const WORKFLOW_TOOL_TYPE = "core.workflow.tool";
export const MAX_WORKFLOW_DEPTH = Number(process.env.SWITCHBOARD_MAX_WORKFLOW_DEPTH ?? 5);
export const DEFAULT_WORKFLOW_TIMEOUT_SECONDS = 300;

/** The Workflow Tool component's label and tool shape (the component itself lives in lib/nodes/workflow-tool.ts). */
export const WORKFLOW_TOOL_SHAPE = {
  label: "Workflow Tool",
  tool: {
    name: "run_workflow",
    description: "Runs another workflow and answers with its output.",
    agentInputs: ["input"],
  },
};
