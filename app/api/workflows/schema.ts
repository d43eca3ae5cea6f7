/**
 * What POST /api/workflows accepts: a workflow graph, optionally with a name, and `publish: true` to publish it as
 * version 1 at once (a deployment that imports a workflow wants it live; otherwise nothing of it is live yet).
 */
import { z } from "zod";

export const CreateWorkflowBody = z.looseObject({
  name: z.string().trim().min(1).max(200).optional(),
  publish: z.boolean({ error: "publish: must be true or false" }).optional(),
});
export type CreateWorkflowBody = z.infer<typeof CreateWorkflowBody>;
