/**
 * Settings: your API keys, the MCP server's address and client configurations; for admins also people (roles, invites),
 * host access, run-history retention and the model price table.
 */
import type { Metadata } from "next";
import "@/components/settings/settings.css";
import { ApiKeysSection } from "@/components/settings/api-keys-section";
import { HostAccessSection } from "@/components/settings/host-access-section";
import { McpServerSection } from "@/components/settings/mcp-server-section";
import { RetentionSection } from "@/components/settings/retention-section";
import { getRetention } from "@/lib/settings/retention";
import { listExposedWorkflows } from "@/lib/mcp-server/exposed-workflows";
import { UsersSection } from "@/components/settings/users-section";
import { PageShell } from "@/components/ui/page-shell";
import { listUsers } from "@/lib/auth/accounts";
import { listApiKeys } from "@/lib/auth/api-keys";
import { visibleWorkflowsWhere, withinReach } from "@/lib/auth/workflow-access";
import { listWorkflows } from "@/lib/workflow-store/repository";
import { listFolders } from "@/lib/workflow-store/folders";
import { pageUser } from "@/lib/auth/request-access";
import { hostToolsSetting } from "@/lib/settings/host-tools";
import { readModelPrices } from "@/lib/settings/model-prices";
import { ModelPricesSection } from "@/components/settings/model-prices-section";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Settings" };

export default async function SettingsPage() {
  const user = await pageUser("viewer", "/settings");
  const keys = await listApiKeys(user.userId);
  const admin = user.role === "admin";
  const [users, hostTools, retention, prices] = admin
    ? await Promise.all([listUsers(), hostToolsSetting(), getRetention(), readModelPrices()])
    : [[], null, null, null];
  const [exposed, workflows, folders] = await Promise.all([
    withinReach(user, await listExposedWorkflows(), (workflow) => workflow.workflowId),
    listWorkflows(visibleWorkflowsWhere(user)),
    listFolders(user),
  ]);
  return (
    <PageShell
      user={user}
      title="Settings"
      subtitle="API keys for scripts, and for admins: people and what workflows may do on this machine."
    >
      <div className="settings">
        <ApiKeysSection
          role={user.role}
          workflows={workflows.map(({ id, name }) => ({ id, name }))}
          folders={folders.map(({ id, name }) => ({ id, name }))}
          keys={keys.map((key) => ({
            ...key,
            createdAt: key.createdAt.toISOString(),
            lastRequest: key.lastRequest?.toISOString() ?? null,
          }))}
        />
        <McpServerSection exposedCount={exposed.length} />
        {admin && (
          <UsersSection
            users={users.map(({ id, name, email, role }) => ({ id, name, email, role }))}
            currentUserId={user.userId}
          />
        )}
        {hostTools && <HostAccessSection enabled={hostTools.enabled} source={hostTools.source} />}
        {retention && <RetentionSection initial={retention} />}
        {prices && <ModelPricesSection initial={prices.table} customised={prices.customised} />}
      </div>
    </PageShell>
  );
}
