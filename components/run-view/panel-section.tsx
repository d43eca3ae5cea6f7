/** A titled section of the run view's side panel, with an optional count beside the title. */
import type { ReactNode } from "react";

type PanelSectionProps = {
  title: string;
  icon: ReactNode;
  count?: number;
  aside?: ReactNode;
  testId?: string;
  children: ReactNode;
};

export function PanelSection({ title, icon, count, aside, testId, children }: PanelSectionProps) {
  return (
    <section className="run-panel-section" data-testid={testId}>
      <header className="run-panel-heading">
        {icon}
        <h3>{title}</h3>
        {count !== undefined && <span className="run-panel-count">{count}</span>}
        {aside && <div className="run-panel-aside">{aside}</div>}
      </header>
      {children}
    </section>
  );
}
