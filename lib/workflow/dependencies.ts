/** Who depends on whom in a plan being compiled, by node number; orders the nodes (Kahn's algorithm). */
import type { CompiledNode } from "./compile";

/** Fills each node's `dependsOn` (once per dependency) and orders the nodes. */
export class Dependencies {
  private readonly dependents: (number[] | undefined)[];
  constructor(private readonly nodes: CompiledNode[]) {
    this.dependents = new Array(nodes.length);
  }

  add(node: number, dependency: number): void {
    const { dependsOn } = this.nodes[node];
    const id = this.nodes[dependency].id;
    if (dependsOn.includes(id)) return;
    dependsOn.push(id);
    const list = this.dependents[dependency];
    if (list) list.push(node);
    else this.dependents[dependency] = [node];
  }

  /** Kahn's algorithm, stable in the graph's node order; nodes on a cycle are left out. */
  order(): number[] {
    const waitingOn = Int32Array.from(this.nodes, (node) => node.dependsOn.length);
    const order: number[] = [];
    waitingOn.forEach((count, index) => count === 0 && order.push(index));
    for (let next = 0; next < order.length; next++) {
      for (const dependent of this.dependents[order[next]] ?? []) {
        if (--waitingOn[dependent] === 0) order.push(dependent);
      }
    }
    return order;
  }
}
