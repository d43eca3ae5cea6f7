/**
 * Several wires into one input. An input may be wired from more than one output (two triggers
 * into one node, both branches of an If into the node after them): the node runs once, after
 * every node it reads from has finished or been skipped, and the input takes the value of the
 * first of its wires, in the order they were drawn, whose source delivered (ran and, for a
 * branching node, took that port). It is skipped only when none of them delivered. To combine
 * values that all arrive, use a Merge. Pure.
 */

/** One wire: the upstream output that fills an input. */
export type Wire = { nodeId: string; port: string };

/** An input's first wire, with the others into the same input (in the order drawn) when there are more. */
export type InputBinding = Wire & { alsoFrom?: Wire[] };

/** Every wire into an input, the first first. */
export function wiresOf({ nodeId, port, alsoFrom }: InputBinding): Wire[] {
  return [{ nodeId, port }, ...(alsoFrom ?? [])];
}

/** The binding with one more wire added at the end. */
export function withWire(binding: InputBinding | undefined, wire: Wire): InputBinding {
  if (!binding) return { ...wire };
  return { ...binding, alsoFrom: [...(binding.alsoFrom ?? []), wire] };
}
