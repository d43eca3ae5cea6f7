/** The Secrets page: the names of the stored secrets and forms to add, replace and delete them. Values never come back. */
import type { Metadata } from "next";
import { listSecrets } from "@/lib/secrets/secret-store";
import { AppHeader } from "@/components/ui/app-header";
import { SecretsManager } from "@/components/secrets/secrets-manager";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Secrets" };

export default async function SecretsPage() {
  const secrets = await listSecrets();
  return (
    <div className="page">
      <AppHeader />
      <main className="page-content">
        <div className="page-title-row">
          <div>
            <h1 className="page-title">Secrets</h1>
            <p className="page-subtitle">
              API keys and tokens your workflows use. Values are encrypted at rest, read only by the worker when a node runs, and never shown again.
            </p>
          </div>
        </div>
        <SecretsManager secrets={secrets.map(({ name, updatedAt }) => ({ name, updatedAt: updatedAt.toISOString() }))} />
      </main>
    </div>
  );
}
