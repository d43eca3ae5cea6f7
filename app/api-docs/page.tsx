/**
 * /api-docs: the HTTP API to read in a browser, rendered on the server from the same OpenAPI document
 * /api/openapi.json serves (viewers and up, as the document). No script and nothing from elsewhere: the CSP allows
 * neither, and the machine may have no internet.
 */
import type { Metadata } from "next";
import "@/components/api-docs/api-docs.css";
import { OperationCard, SchemaBlock, type OperationView } from "@/components/api-docs/operation-card";
import { PageShell } from "@/components/ui/page-shell";
import { pageUser } from "@/lib/auth/request-access";
import { openApiDocument } from "../api/openapi-document";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "API" };

/** The document's operations grouped by their tag, in the order the document lists them. */
function byTag(paths: Record<string, Record<string, OperationView>>): Map<string, [string, string, OperationView][]> {
  const groups = new Map<string, [string, string, OperationView][]>();
  for (const [path, item] of Object.entries(paths))
    for (const [method, operation] of Object.entries(item)) {
      const tag = operation.tags?.[0] ?? "Other";
      groups.set(tag, [...(groups.get(tag) ?? []), [method, path, operation]]);
    }
  return groups;
}

export default async function ApiDocsPage() {
  const user = await pageUser("viewer", "/api-docs");
  const document = openApiDocument();
  const groups = byTag(document.paths as Record<string, Record<string, OperationView>>);
  return (
    <PageShell
      user={user}
      title="API"
      subtitle={
        "Every route of the HTTP API, from the OpenAPI 3.1 document at /api/openapi.json. " +
        "Send an API key as Authorization: Bearer sb_… (Settings → API keys)."
      }
    >
      <div className="api-docs">
        <p className="api-docs-links">
          <a href="/api/openapi.json" data-testid="openapi-json-link">
            /api/openapi.json
          </a>{" "}
          — import it into any OpenAPI client or code generator.
        </p>
        {[...groups].map(([tag, operations]) => (
          <section key={tag} className="api-docs-tag" data-testid={`api-tag-${tag}`}>
            <h2>{tag}</h2>
            {operations.map(([method, path, operation]) => (
              <OperationCard key={`${method} ${path}`} method={method} path={path} operation={operation} />
            ))}
          </section>
        ))}
        <section className="api-docs-tag">
          <h2>Schemas</h2>
          {Object.entries(document.components?.schemas ?? {}).map(([name, schema]) => (
            <div key={name} id={`schema-${name}`} className="api-op">
              <h3 className="api-op-path">{name}</h3>
              <SchemaBlock schema={schema} />
            </div>
          ))}
        </section>
      </div>
    </PageShell>
  );
}
