/**
 * What a workflow's canvas carries besides its nodes: sticky notes (markdown-ish text) and groups
 * (a labelled frame that moves the nodes inside it). Saved with the graph so the canvas reopens as
 * it was left; the compiler and the engine never read them.
 */
import { z } from "zod";
import { ANNOTATION_COLORS } from "./constants";

export const AnnotationColor = z.enum(ANNOTATION_COLORS);
export type AnnotationColor = z.infer<typeof AnnotationColor>;

const frame = {
  id: z.string().min(1, "id is empty"),
  position: z.object({ x: z.number(), y: z.number() }),
  width: z.number().min(40).max(20_000),
  height: z.number().min(40).max(20_000),
  color: AnnotationColor.default("yellow"),
};

export const StickyNote = z.object({
  ...frame,
  text: z.string().max(20_000, "a note holds at most 20,000 characters"),
});
export type StickyNote = z.infer<typeof StickyNote>;

export const NodeGroup = z.object({ ...frame, label: z.string().max(200, "a group label is at most 200 characters") });
export type NodeGroup = z.infer<typeof NodeGroup>;
