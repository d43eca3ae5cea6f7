/** What the variables API accepts and answers (lib/variables), and its OpenAPI operations. */
import { z } from "zod";
import { apiError, IsoTime, jsonBody, jsonResponse, noContent, type ApiOperation } from "@/lib/http/openapi/operation";
import { VariableValue } from "@/lib/variables/variables";

export const PutVariableBody = z.object({ value: VariableValue });

const NameParams = z.object({
  name: z.string().meta({ description: "The variable's name: letters, digits and _, not starting with a digit" }),
});
const ScopeQuery = z.object({
  workflowId: z.string().optional().meta({ description: "A workflow's own variable; absent: an instance variable" }),
});
const Variable = z.object({
  name: z.string(),
  value: z.string(),
  workflowId: z.string().nullable().meta({ description: "null: every workflow reads it" }),
  updatedAt: IsoTime,
});

const tag = "Variables";
export const operations: ApiOperation[] = [
  {
    method: "get",
    path: "/api/variables",
    tag,
    summary: "List the variables templates read as {{vars.NAME}}",
    access: "viewer",
    limited: "filtered",
    responses: { 200: jsonResponse("The variables", z.object({ variables: z.array(Variable) })) },
  },
  {
    method: "put",
    path: "/api/variables/{name}",
    tag,
    summary: "Set a variable",
    description: "Runs read it when they get to a node that uses it, published versions included.",
    access: "editor",
    limited: "filtered",
    request: { params: NameParams, query: ScopeQuery, body: jsonBody(PutVariableBody) },
    responses: {
      200: jsonResponse("Set", Variable.omit({ updatedAt: true })),
      404: apiError("No such workflow"),
    },
  },
  {
    method: "delete",
    path: "/api/variables/{name}",
    tag,
    summary: "Delete a variable",
    access: "editor",
    limited: "filtered",
    request: { params: NameParams, query: ScopeQuery },
    responses: { 204: noContent("Deleted"), 404: apiError("No such variable") },
  },
];
