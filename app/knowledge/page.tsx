/** The Knowledge page: knowledge bases, their documents and indexing progress, uploads and a search to try. */
import type { Metadata } from "next";
import { pageUser } from "@/lib/auth/request-access";
import { hasRole } from "@/lib/auth/roles";
import { listDocuments, listKnowledgeBases } from "@/lib/knowledge/knowledge-store";
import { PageShell } from "@/components/ui/page-shell";
import { KnowledgeManager } from "@/components/knowledge/knowledge-manager";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Knowledge" };

export default async function KnowledgePage() {
  const user = await pageUser("viewer", "/knowledge");
  const bases = await listKnowledgeBases();
  const withDocuments = await Promise.all(
    bases.map(async (base) => ({ ...base, documents: await listDocuments(base.id) })),
  );
  return (
    <PageShell
      user={user}
      title="Knowledge"
      subtitle={
        "Documents split into chunks and embedded, for agents to search with the Knowledge Search tool. " +
        "Text, Markdown, HTML and PDF; the embeddings provider's key stays a secret."
      }
    >
      <KnowledgeManager bases={withDocuments} canEdit={hasRole(user.role, "editor")} />
    </PageShell>
  );
}
