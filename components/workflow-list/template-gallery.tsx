"use client";
/** The template gallery on the home page: ready workflows to start from, each a card that creates and opens it. */
import { ShieldAlert } from "lucide-react";
import { useState, useTransition } from "react";
import { unstable_rethrow } from "next/navigation";
import { createFromTemplateAction } from "@/app/workflows/actions";
import { CatalogueIcon } from "@/components/ui/icon";

export type TemplateCard = { id: string; name: string; description: string; icon: string; hostAccess: boolean };

export function TemplateGallery({ templates, canCreate }: { templates: TemplateCard[]; canCreate: boolean }) {
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const create = (id: string) =>
    startTransition(async () => {
      try {
        const result = await createFromTemplateAction(id); // redirects to the new workflow on success
        if (!result.ok) setError(result.errors.join("; "));
      } catch (caught) {
        unstable_rethrow(caught);
        setError(caught instanceof Error ? caught.message : "Could not reach the server");
      }
    });
  return (
    <section className="template-gallery" aria-label="Templates" data-testid="template-gallery">
      <h2 className="template-gallery-title">Start from a template</h2>
      {error && (
        <p className="workflow-row-error" role="alert">
          {error}
        </p>
      )}
      <ul className="template-cards">
        {templates.map((template) => (
          <li key={template.id}>
            <button
              type="button"
              className="template-card"
              data-testid={`template-${template.id}`}
              disabled={!canCreate || pending}
              onClick={() => create(template.id)}
            >
              <span className="template-card-icon">
                <CatalogueIcon name={template.icon} size={16} />
              </span>
              <span className="template-card-name">{template.name}</span>
              <span className="template-card-description">{template.description}</span>
              {template.hostAccess && (
                <span
                  className="template-card-note"
                  title="Uses files or local MCP servers: only admins create it, and it runs when host access is on"
                >
                  <ShieldAlert size={12} aria-hidden /> host access
                </span>
              )}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
