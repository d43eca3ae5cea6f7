/** The Variables page: non-secret values templates read as {{vars.NAME}}, for every workflow or one (viewer reads). */
import type { Metadata } from "next";
import { pageUser } from "@/lib/auth/request-access";
import { visibleWorkflowsWhere } from "@/lib/auth/workflow-access";
import { hasRole } from "@/lib/auth/roles";
import { INSTANCE_SCOPE, listVariables } from "@/lib/variables/variables";
import { listWorkflows } from "@/lib/workflow-store/repository";
import { PageShell } from "@/components/ui/page-shell";
import { VariablesManager } from "@/components/variables/variables-manager";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Variables" };

export default async function VariablesPage() {
  const user = await pageUser("viewer", "/variables");
  const workflows = await listWorkflows(visibleWorkflowsWhere(user));
  const visible = new Set(workflows.map((workflow) => workflow.id));
  const variables = (await listVariables()).filter(({ scope }) => scope === INSTANCE_SCOPE || visible.has(scope));
  return (
    <PageShell
      user={user}
      title="Variables"
      subtitle={
        "Values your workflows read as {{vars.NAME}} — a base URL, a channel, a threshold — when a run gets there, " +
        "so a published version picks up a change without being published again. Not for secrets: editors see them."
      }
    >
      <VariablesManager
        variables={variables.map(({ scope, name, value }) => ({
          name,
          value,
          workflowId: scope === INSTANCE_SCOPE ? null : scope,
        }))}
        workflows={workflows.map(({ id, name }) => ({ id, name }))}
        canEdit={hasRole(user.role, "editor")}
      />
    </PageShell>
  );
}
