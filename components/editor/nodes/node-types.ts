/** React Flow's renderer map; defined once at module level so React Flow never sees a new object. */
import type { NodeTypes } from "@xyflow/react";
import { NodeGroupNode } from "../annotations/group-node";
import { StickyNoteNode } from "../annotations/sticky-note-node";
import { AgentNode } from "./agent-node";
import { ComponentNode } from "./component-node";

export const nodeTypes: NodeTypes = {
  agent: AgentNode,
  component: ComponentNode,
  stickyNote: StickyNoteNode,
  nodeGroup: NodeGroupNode,
};
