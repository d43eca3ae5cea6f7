/**
 * The Secrets page: the names of the stored secrets and forms to add, replace and delete them. Values never come back.
 */
import type { Metadata } from "next";
import { pageUser } from "@/lib/auth/request-access";
import { listSecrets } from "@/lib/secrets/secret-store";
import { PageShell } from "@/components/ui/page-shell";
import { SecretsManager } from "@/components/secrets/secrets-manager";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Secrets" };

export default async function SecretsPage() {
  const user = await pageUser("admin", "/secrets");
  const secrets = await listSecrets();
  return (
    <PageShell
      user={user}
      title="Secrets"
      subtitle={
        "API keys and tokens your workflows use. Values are encrypted at rest, read only by the worker when a node " +
        "runs, and never shown again."
      }
    >
      <SecretsManager
        secrets={secrets.map(({ name, allowedHosts, updatedAt }) => ({
          name,
          allowedHosts,
          updatedAt: updatedAt.toISOString(),
        }))}
      />
    </PageShell>
  );
}
