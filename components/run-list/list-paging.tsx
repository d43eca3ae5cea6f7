/** Newest / older links under a cursor-paged list (run history, tool calls), keeping the list's filters. */
type ListPagingProps = {
  path: string;
  params: Record<string, string>;
  cursor?: string;
  nextCursor: string | null;
  olderLabel: string;
  olderTestId: string;
};

export function ListPaging({ path, params, cursor, nextCursor, olderLabel, olderTestId }: ListPagingProps) {
  if (!nextCursor && !cursor) return null;
  return (
    <nav className="run-list-paging" aria-label="Pages">
      {cursor && (
        <a
          href={`${path}?${new URLSearchParams(Object.entries(params).filter(([key]) => key !== "cursor"))}`}
          className="run-list-page-link"
        >
          ← Newest
        </a>
      )}
      {nextCursor && (
        <a
          href={`${path}?${new URLSearchParams({ ...params, cursor: nextCursor })}`}
          className="run-list-page-link"
          data-testid={olderTestId}
        >
          {olderLabel} →
        </a>
      )}
    </nav>
  );
}
