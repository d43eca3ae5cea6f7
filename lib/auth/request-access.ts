/**
 * Access checks for pages and server actions, which read the request through next/headers.
 * Pages redirect: to /setup while no account exists, to /sign-in without credentials, to
 * /forbidden when the role is too small. Actions throw AccessError, which they turn into an answer.
 * An API key limited to some workflows opens neither: pages and actions are not about one workflow.
 */
import "server-only";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { hasOwner } from "./accounts";
import { AccessError, authenticate, requireRole, type Principal } from "./principal";
import type { WorkflowAccess } from "./access-rule";
import { hasRole, type Role } from "./roles";
import { checkWorkflowAccess } from "./workflow-access";
import { isLimited, LIMITED_KEY_NOT_FOR_PAGES } from "./workflow-scope";

/** The signed-in user of a page request, with at least `role`; `path` is where to come back after signing in. */
export async function pageUser(role: Role, path: string): Promise<Principal> {
  const principal = await authenticate(await headers());
  if (!principal) {
    if (!(await hasOwner())) redirect("/setup");
    redirect(`/sign-in?next=${encodeURIComponent(path)}`);
  }
  if (!hasRole(principal.role, role)) redirect(`/forbidden?need=${role}`);
  if (isLimited(principal)) redirect("/forbidden?need=unlimited-key");
  return principal;
}

/** The caller of a server action, with at least `role`; throws AccessError otherwise. */
export async function actionUser(role: Role): Promise<Principal> {
  const principal = await requireRole(await headers(), role);
  if (isLimited(principal)) throw new AccessError("forbidden", LIMITED_KEY_NOT_FOR_PAGES);
  return principal;
}

/** The caller of a server action as a result: who it is, or the access problem in words. */
export async function actionPrincipal(
  role: Role,
): Promise<{ ok: true; principal: Principal } | { ok: false; error: string }> {
  try {
    return { ok: true, principal: await actionUser(role) };
  } catch (error) {
    if (error instanceof AccessError) return { ok: false, error: error.message };
    throw error;
  }
}

/** For actions that answer `{ ok: false, errors }`: the access problem in words, or null when allowed. */
export async function actionDenied(role: Role): Promise<string | null> {
  const caller = await actionPrincipal(role);
  return caller.ok ? null : caller.error;
}

/** A page about one workflow: its "not found" page when the caller may not see it, else what they may do with it. */
export async function pageWorkflowAccess(principal: Principal, workflowId: string): Promise<WorkflowAccess> {
  const checked = await checkWorkflowAccess(principal, workflowId, "view");
  if (!checked.ok) notFound();
  return checked.access;
}

/**
 * For actions about one workflow: null when the caller may `needed` it, else the problem in words — the same words as
 * a missing workflow when they may not see it.
 */
export async function workflowDenied(
  principal: Principal,
  workflowId: string,
  needed: "view" | "edit",
): Promise<string | null> {
  const checked = await checkWorkflowAccess(principal, workflowId, needed);
  return checked.ok ? null : checked.message;
}

/** For a page's title: whether the signed-in caller may see the workflow (a name is not for strangers). */
export async function callerSeesWorkflow(workflowId: string): Promise<boolean> {
  const principal = await authenticate(await headers());
  return principal !== null && !isLimited(principal) && (await checkWorkflowAccess(principal, workflowId, "view")).ok;
}
