"use client";
/**
 * Named input handles on the left and output handles on the right; handle id = port name. A
 * tool-mode node keeps only its inputs; a node whose On error is "Error output" gets an `error` handle;
 * a model node with an output schema gets one per field of it.
 */
import { Handle, Position } from "@xyflow/react";
import { useMemo } from "react";
import { nodeOutputPorts } from "@/lib/workflow/node-outputs";
import type { ComponentMeta, PortDefinition } from "@/lib/nodes/types";
import type { NodeMode } from "@/lib/workflow/graph";
import type { OnError } from "@/lib/workflow/resilience";
import { ERROR_HANDLE } from "@/lib/workflow/constants";

const ERROR_PORT: PortDefinition = { name: ERROR_HANDLE, label: "Error" };

type NodePortsProps = { meta: ComponentMeta; mode: NodeMode; onError?: OnError; params?: Record<string, unknown> };

export function NodePorts({ meta, mode, onError, params }: NodePortsProps) {
  const own = useMemo(() => nodeOutputPorts(meta, params), [meta, params]);
  const outputs = mode === "tool" ? [] : onError === "errorOutput" ? [...own, ERROR_PORT] : own;
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
        <div
          key={port.name}
          className={port === ERROR_PORT ? "node-port node-port-error" : "node-port"}
          data-testid={port === ERROR_PORT ? "error-handle" : undefined}
        >
          <Handle
            type={type}
            position={position}
            id={port.name}
            className={port === ERROR_PORT ? "handle handle-error" : "handle"}
          />
          <span className="node-port-label">{port.label}</span>
        </div>
      ))}
    </div>
  );
}
