/** What the variables API accepts and answers (lib/variables), and its OpenAPI operations. */
import { z } from "zod";
import { apiError, IsoTime, jsonBody, jsonResponse, noContent, type ApiOperation } from "@/lib/http/openapi/operation";
import { notFound } from "@/lib/http/openapi/not-found";
import { VariableValue } from "@/lib/variables/variables";

export const PutVariableBody = z.object({ value: VariableValue });

const VariableParams = z.object({ name: z.string().meta({ description: "The variable's name, as {{vars.NAME}}" }) });
const WorkflowScope = z.object({
  workflowId: z
    .string()
    .optional()
    .meta({ description: "The workflow whose own variable it is; none: the instance's" }),
});
const Variable = z.object({ name: z.string(), value: z.string(), workflowId: z.string().nullable() });

const tag = "Variables";
export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/variables",
    tag,
    summary: "List variables (not secret: every viewer reads them)",
    access: "viewer",
    limited: "filtered",
    responses: {
      200: jsonResponse(
        "The instance's and each workflow's",
        z.object({ variables: z.array(Variable.extend({ updatedAt: IsoTime })) }),
      ),
    },
  },
  {
    method: "put",
    path: "/api/variables/{name}",
    tag,
    summary: "Set a variable",
    description: "Published versions read the new value on their next run, without a publish.",
    access: "editor",
    limited: "workflow",
    request: { params: VariableParams, query: WorkflowScope, body: jsonBody(PutVariableBody) },
    responses: { 200: jsonResponse("Set", Variable), 404: notFound() },
  },
  {
    method: "delete",
    path: "/api/variables/{name}",
    tag,
    summary: "Delete a variable",
    access: "editor",
    limited: "workflow",
    request: { params: VariableParams, query: WorkflowScope },
    responses: { 204: noContent("Deleted"), 404: apiError("No such variable (or workflow)") },
  },
];
