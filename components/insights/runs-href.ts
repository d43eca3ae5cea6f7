/**
 * The runs behind an Insights figure, as a link to the runs list with its filters: the same window, workflow and
 * production runs only (`tests=hide`), narrowed to a status, a failed node or a tool when the figure is about one.
 */
export type RunsBehind = {
  from: string;
  to: string;
  workflowId?: string | null;
  status?: string;
  failedNode?: string;
  tool?: string;
  failedTool?: string;
};

export function runsHref({ from, to, workflowId, ...narrow }: RunsBehind): string {
  const params = new URLSearchParams({ tests: "hide", since: from, until: to });
  if (workflowId) params.set("workflowId", workflowId);
  for (const [name, value] of Object.entries(narrow)) if (value) params.set(name, value);
  return `/runs?${params}`;
}

/** Figures as people read them at a glance. */
export const formatCount = (value: number) => value.toLocaleString("en-US");
export const formatPercent = (rate: number | null) =>
  rate === null ? "—" : `${(rate * 100).toFixed(1).replace(/\.0$/, "")}%`;
