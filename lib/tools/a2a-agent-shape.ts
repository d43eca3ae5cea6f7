/** The A2A Agent component's type id, shared by the catalogue and the tool-kinds table without importing either. */
export const A2A_AGENT_TYPE = "core.a2a.agent";
