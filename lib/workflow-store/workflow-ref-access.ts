/**
 * Whether someone may start the workflows a graph names (lib/workflow/workflow-refs.ts): a Workflow Tool or an error
 * workflow runs another workflow, so it needs the same access as running that workflow by hand — "edit" on it
 * (lib/auth/workflow-access.ts). Asked at save (for the caller), at run start and before each child run (for the person
 * the run acts for: who started it, else the workflow's owner). A workflow the person cannot see gets the very words a
 * missing one gets, so a reference does not tell whether it exists.
 */
import "server-only";
import type { AccessCaller } from "../auth/access-rule";
import { isRole } from "../auth/roles";
import { checkWorkflowAccess } from "../auth/workflow-access";
import { getDb } from "../db/client";
import { refPlace, type WorkflowRef } from "../workflow/workflow-refs";

/** A reference the person may not start, in the words of a save or compile error. */
export type RefProblem = { nodeId?: string; field: string; message: string };

/** Who a run acts for: the person (no key limit) with their role today; null when they no longer have an account. */
export async function personCaller(userId: string): Promise<(AccessCaller & { name: string }) | null> {
  const user = await getDb().user.findUnique({ where: { id: userId }, select: { role: true, name: true } });
  if (!user || !isRole(user.role)) return null;
  return { userId, role: user.role, name: user.name, workflowIds: null, folderIds: null };
}

/**
 * The references `caller` may not start, each naming the node and field; `whom` is how the message names the caller
 * ("you", or the person a run acts for).
 */
export async function refProblems(caller: AccessCaller, refs: WorkflowRef[], whom = "you"): Promise<RefProblem[]> {
  const verdicts = new Map<string, string | null>();
  for (const { workflowId } of refs) {
    if (verdicts.has(workflowId)) continue;
    const checked = await checkWorkflowAccess(caller, workflowId, "edit");
    verdicts.set(workflowId, checked.ok ? null : refusal(workflowId, checked.reason, whom));
  }
  return refs.flatMap((ref) => {
    const why = verdicts.get(ref.workflowId);
    return why ? [{ nodeId: ref.nodeId, field: ref.field, message: `${refPlace(ref)}: ${why}` }] : [];
  });
}

function refusal(workflowId: string, reason: "not-found" | "forbidden" | "outside-limit", whom: string): string {
  if (reason === "forbidden")
    return `${whom} may read workflow ${workflowId} but not run it (its folder gives the viewer role)`;
  if (reason === "outside-limit") return `workflow ${workflowId} is outside this API key's limit`;
  return `workflow ${workflowId} does not exist or is not shared with ${whom}: pick one ${whom} may run`;
}

/** The problems of a run acting for `userId` (null: nobody, a workflow no one owns — an admin's, so none). */
export async function runActorProblems(userId: string | null, refs: WorkflowRef[]): Promise<RefProblem[]> {
  if (refs.length === 0 || userId === null) return [];
  const person = await personCaller(userId);
  if (!person)
    return refs.slice(0, 1).map((ref) => ({
      nodeId: ref.nodeId,
      field: ref.field,
      message: `${refPlace(ref)}: the person this run acts for (${userId}) no longer has an account`,
    }));
  return refProblems(person, refs, `${person.name} (who this run acts for)`);
}
