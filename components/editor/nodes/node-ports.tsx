"use client";
/** Named input handles on the left and output handles on the right; handle id = port name. A tool-mode node keeps only its inputs. */
import { Handle, Position } from "@xyflow/react";
import type { ComponentMeta, PortDefinition } from "@/lib/nodes/types";
import type { NodeMode } from "@/lib/workflow/graph";

export function NodePorts({ meta, mode }: { meta: ComponentMeta; mode: NodeMode }) {
  const outputs = mode === "tool" ? [] : meta.outputs;
  if (meta.inputs.length === 0 && outputs.length === 0) return null;
  return (
    <div className="node-ports">
      <PortColumn ports={meta.inputs} type="target" />
      <PortColumn ports={outputs} type="source" />
    </div>
  );
}

function PortColumn({ ports, type }: { ports: PortDefinition[]; type: "source" | "target" }) {
  const position = type === "target" ? Position.Left : Position.Right;
  return (
    <div className={`node-port-column node-port-column-${type}`}>
      {ports.map((port) => (
        <div key={port.name} className="node-port">
          <Handle type={type} position={position} id={port.name} className="handle" />
          <span className="node-port-label">{port.label}</span>
        </div>
      ))}
    </div>
  );
}
