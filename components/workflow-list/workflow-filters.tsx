/**
 * The workflow list's filters: a search box, a folder picker and the tags as chips. A plain GET form and links, so the
 * filtered list is a URL one can share and it works before the page's scripts load.
 */
import Link from "next/link";
import type { WorkflowListFilter } from "@/lib/workflow-store/list-filter";
import { buttonClassName } from "@/components/ui/button";

type Props = { filter: WorkflowListFilter; folders: { id: string; name: string }[]; tags: string[] };

const hrefWith = (filter: WorkflowListFilter, change: WorkflowListFilter) => {
  const merged = { ...filter, ...change };
  const query = new URLSearchParams(Object.entries(merged).filter((entry): entry is [string, string] => !!entry[1]));
  return query.size > 0 ? `/?${query}` : "/";
};

export function WorkflowFilters({ filter, folders, tags }: Props) {
  return (
    <div className="workflow-filters">
      <form className="workflow-filter-form" action="/" role="search">
        <input
          className="input"
          type="search"
          name="q"
          defaultValue={filter.q}
          placeholder="Search names and tags"
          aria-label="Search workflows"
          data-testid="workflow-search"
        />
        <select
          className="input"
          name="folder"
          defaultValue={filter.folder ?? ""}
          aria-label="Folder"
          data-testid="workflow-folder-filter"
        >
          <option value="">All folders</option>
          <option value="none">Not in a folder</option>
          {folders.map((folder) => (
            <option key={folder.id} value={folder.id}>
              {folder.name}
            </option>
          ))}
        </select>
        {filter.tag && <input type="hidden" name="tag" value={filter.tag} />}
        <button type="submit" className={buttonClassName("secondary")} data-testid="workflow-filter-apply">
          Filter
        </button>
      </form>
      {tags.length > 0 && (
        <div className="workflow-tag-chips" aria-label="Tags">
          {tags.map((tag) => (
            <Link
              key={tag}
              href={hrefWith(filter, { tag: filter.tag === tag ? undefined : tag })}
              className={`tag-chip${filter.tag === tag ? " tag-chip-on" : ""}`}
              aria-pressed={filter.tag === tag}
              data-testid="workflow-tag-chip"
            >
              {tag}
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}
