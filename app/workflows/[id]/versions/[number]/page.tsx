/**
 * A published version (or the draft: `/versions/draft`) shown read-only on the canvas; with `?against=N|draft` the
 * canvas draws what changed from that one to this (added, changed, removed), listed beside it.
 */
import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { pageUser, pageWorkflowAccess } from "@/lib/auth/request-access";
import { catalogueMetaText } from "@/lib/nodes";
import { toJsonText } from "@/lib/workflow/json-text";
import { hostToolsEnabled } from "@/lib/settings/host-tools";
import { comparisonGraph } from "@/lib/workflow/graph-diff";
import { listVersions } from "@/lib/workflow-store/versions";
import { buttonClassName } from "@/components/ui/button";
import { DiffSummary } from "@/components/editor/versions/diff-summary";
import { WorkflowEditor } from "@/components/editor/workflow-editor";
import { loadSnapshot, type SnapshotRef } from "./load-snapshot";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Version" };

type PageProps = {
  params: Promise<{ id: string; number: string }>;
  searchParams: Promise<{ against?: string }>;
};

const label = (ref: SnapshotRef) => (ref === "draft" ? "the draft" : `version ${ref}`);

export default async function VersionPage({ params, searchParams }: PageProps) {
  const { id, number } = await params;
  const { against } = await searchParams;
  await pageWorkflowAccess(await pageUser("viewer", `/workflows/${id}/versions/${number}`), id);
  const shown = await loadSnapshot(id, number);
  if (!shown) notFound();
  const before = against ? await loadSnapshot(id, against) : null;
  const compared = before ? comparisonGraph(before.graph, shown.graph) : null;
  const versions = await listVersions(id);
  const banner = (
    <div className="version-banner" data-testid="version-banner">
      <Link className={buttonClassName("secondary", "sm")} href={`/workflows/${id}`}>
        Back to the draft
      </Link>
      <strong>{shown.title}</strong>
      <span>{shown.byline}</span>
      <form method="get" className="version-compare">
        <label>
          Compare with{" "}
          <select name="against" defaultValue={against ?? ""} data-testid="compare-with">
            <option value="">—</option>
            <option value="draft">the draft</option>
            {versions.map((version) => (
              <option key={version.number} value={version.number}>
                version {version.number}
                {version.live ? " (live)" : ""}
              </option>
            ))}
          </select>
        </label>{" "}
        <button type="submit" className={buttonClassName("secondary", "sm")}>
          Show changes
        </button>
      </form>
      {compared && before && <DiffSummary diff={compared.diff} from={label(before.ref)} to={label(shown.ref)} />}
    </div>
  );
  return (
    <WorkflowEditor
      workflow={{ id, name: shown.name, graph: toJsonText(compared?.graph ?? shown.graph), version: "" }}
      catalogue={catalogueMetaText()}
      canEdit={false}
      hostTools={await hostToolsEnabled()}
      snapshot={{ banner, marks: compared?.marks }}
    />
  );
}
