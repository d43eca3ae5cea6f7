/** What POST /api/workflows accepts: a workflow graph, optionally with a name. */
import { z } from "zod";

export const CreateWorkflowBody = z.looseObject({ name: z.string().trim().min(1).max(200).optional() });
export type CreateWorkflowBody = z.infer<typeof CreateWorkflowBody>;
