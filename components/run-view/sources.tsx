/**
 * Sources: the knowledge-base passages the run's answers drew on, one block per search (an agent's tool call or a
 * Knowledge Search node) with its query and, per chunk, the document, chunk number, score and an excerpt; the base's
 * name links to it on the Knowledge page.
 */
import { BookOpen } from "lucide-react";
import Link from "next/link";
import { useMemo } from "react";
import type { RunEvent } from "@/lib/runs/events";
import { deriveCitations, type Citation, type CitationGroup } from "./derive-citations";
import type { ToolCallView } from "./derive-run-state";
import { PanelSection } from "./panel-section";

type SourcesProps = {
  calls: ToolCallView[];
  events: RunEvent[];
  /** The knowledge base each Knowledge Search node searches, by node id. */
  searchBases: ReadonlyMap<string, string>;
  labelOf: (nodeId: string) => string;
};

export function Sources({ calls, events, searchBases, labelOf }: SourcesProps) {
  const groups = useMemo(
    () => deriveCitations(calls, events, new Set(searchBases.keys())),
    [calls, events, searchBases],
  );
  const baseOf = (nodeId: string) => searchBases.get(nodeId) || undefined;
  if (groups.length === 0) return null;
  const count = groups.reduce((total, group) => total + group.chunks.length, 0);
  return (
    <PanelSection title="Sources" icon={<BookOpen size={14} aria-hidden />} count={count} testId="sources">
      {groups.map((group) => (
        <article key={group.key} className="citation-group" data-testid="citation-group">
          <SearchHeading group={group} labelOf={labelOf} base={baseOf(group.searchNodeId)} />
          {group.chunks.length === 0 ? (
            <p className="citation-none">No passage matched.</p>
          ) : (
            <ol className="citation-list">
              {group.chunks.map((chunk) => (
                <CitationItem key={`${chunk.document}:${chunk.chunk}`} chunk={chunk} />
              ))}
            </ol>
          )}
        </article>
      ))}
    </PanelSection>
  );
}

/** Who searched which base, and for what. */
function SearchHeading({
  group,
  labelOf,
  base,
}: {
  group: CitationGroup;
  labelOf: (id: string) => string;
  base?: string;
}) {
  return (
    <header className="citation-heading">
      <span className="citation-who">
        {group.agentNodeId ? `${labelOf(group.agentNodeId)} searched ` : `${labelOf(group.searchNodeId)} searched `}
        {base ? (
          <Link href={`/knowledge#${encodeURIComponent(`kb-${base}`)}`} data-testid="citation-base">
            {base}
          </Link>
        ) : (
          labelOf(group.searchNodeId)
        )}
      </span>
      {group.query && <q className="citation-query">{group.query}</q>}
    </header>
  );
}

function CitationItem({ chunk }: { chunk: Citation }) {
  return (
    <li className="citation" data-testid="citation">
      <div className="citation-source">
        <strong data-testid="citation-document">{chunk.document}</strong>
        <span className="citation-chunk">chunk {chunk.chunk}</span>
        <span className="citation-score" title="Cosine similarity to the query" data-testid="citation-score">
          {chunk.score.toFixed(2)}
        </span>
      </div>
      <p className="citation-excerpt" title={chunk.text} data-testid="citation-excerpt">
        {chunk.text}
      </p>
    </li>
  );
}
