/** The Knowledge Search type id, shared by the catalogue and the tool-kinds table without importing either. */
export const KNOWLEDGE_SEARCH_TYPE = "core.knowledge.search";
