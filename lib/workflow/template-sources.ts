/** Template placeholders (`{{name.port}}`) resolved to the nodes they name, for the compiler's wiring phase. */
import type { ComponentMeta } from "../nodes/types";
import type { CompileError, CompiledNode } from "./compile";
import { shapeOf } from "./component-shape";
import { INPUT_REFERENCE, VARIABLES_REFERENCE, referenceName, templateReferences } from "./template";

/**
 * The nodes a template name may mean (its id, its label, or its label as a name: referenceMatches'
 * three rules), looked up in constant time instead of scanning every node. Built on the first
 * lookup, so a workflow without templates never builds it.
 */
export class ReferenceIndex {
  private byLabel?: Map<string, number[]>;
  private byName?: Map<string, number[]>;
  constructor(
    private readonly nodes: CompiledNode[],
    private readonly indexOf: Map<string, number>,
  ) {}

  candidates(name: string): number[] {
    if (!this.byLabel || !this.byName) this.build();
    const byId = this.indexOf.get(name);
    const matches = [...(this.byLabel!.get(name) ?? []), ...(this.byName!.get(referenceName(name)) ?? [])];
    if (byId !== undefined) matches.push(byId);
    return matches.length < 2 ? matches : [...new Set(matches)];
  }

  private build() {
    const [byLabel, byName] = [new Map<string, number[]>(), new Map<string, number[]>()];
    const add = (index: Map<string, number[]>, key: string, node: number) => {
      const list = index.get(key);
      if (!list) index.set(key, [node]);
      else list.push(node);
    };
    this.nodes.forEach((node, index) => {
      if (node.label !== node.id) add(byLabel, node.label, index); // a label equal to the id is found by id
      add(byName, referenceName(node.label), index);
    });
    [this.byLabel, this.byName] = [byLabel, byName];
  }
}

export type PortsOf = (node: number) => string[];

/** `{{vars.NAME}}`: the node reads variables when it runs; `{{vars}}` alone names none. */
function variableReference(
  node: CompiledNode,
  field: { name: string; label: string },
  path: string[],
  errors: CompileError[],
) {
  node.readsVariables = true;
  if (path.length === 1) return;
  errors.push({
    code: "unknown-reference",
    nodeId: node.id,
    field: field.name,
    message:
      `${field.label} of "${node.label}" uses {{${[VARIABLES_REFERENCE, ...path].join(".")}}}: ` +
      "name one variable, as in {{vars.NAME}}",
  });
}

/** `{{agent.txt}}` where the source has several outputs and none is called `txt`: nothing would ever fill it. */
function missingOutput(
  node: CompiledNode,
  field: { name: string; label: string },
  name: string,
  path: string[],
  ports: string[],
  errors: CompileError[],
) {
  if (ports.length < 2 || path.length === 0 || ports.includes(path[0])) return;
  errors.push({
    code: "unknown-reference",
    nodeId: node.id,
    field: field.name,
    message:
      `${field.label} of "${node.label}" refers to {{${name}.${path.join(".")}}}, but that node has no output ` +
      `"${path[0]}" (it has ${ports.join(", ")})`,
  });
}

/**
 * Finds the node each template placeholder names and records it in `templateSources`; unknown names are errors. Returns
 * the sources found, by number.
 */
export function resolveTemplateSources(
  index: number,
  nodes: CompiledNode[],
  component: ComponentMeta,
  references: ReferenceIndex,
  portsOf: PortsOf,
  errors: CompileError[],
): number[] {
  const node = nodes[index];
  const { templated } = shapeOf(component);
  if (templated.length === 0) return [];
  const found = new Map<string, number>();
  for (const field of templated) {
    for (const { node: name, path } of templateReferences(node.params[field.name])) {
      if (name === INPUT_REFERENCE) continue;
      if (name === VARIABLES_REFERENCE) {
        variableReference(node, field, path, errors);
        continue;
      }
      const known = found.get(name);
      if (known !== undefined) {
        missingOutput(node, field, name, path, portsOf(known), errors);
        continue;
      }
      const at = { nodeId: node.id, field: field.name };
      const matches = references.candidates(name).filter((other) => other !== index);
      const source =
        matches.find((other) => nodes[other].id === name) ?? (matches.length === 1 ? matches[0] : undefined);
      if (source === undefined) {
        const why = matches.length > 1 ? `more than one node is called "${name}"` : `no node is called "${name}"`;
        errors.push({
          code: "unknown-reference",
          ...at,
          message: `${field.label} of "${node.label}" refers to {{${name}}}, but ${why}`,
        });
      } else if (nodes[source].mode === "tool") {
        errors.push({
          code: "unknown-reference",
          ...at,
          message:
            `${field.label} of "${node.label}" refers to "${nodes[source].label}", which is in tool mode and ` +
            `has no output`,
        });
      } else {
        found.set(name, source);
        missingOutput(node, field, name, path, portsOf(source), errors);
      }
    }
  }
  if (found.size > 0)
    node.templateSources = Object.fromEntries([...found].map(([name, source]) => [name, nodes[source].id]));
  return [...found.values()];
}
