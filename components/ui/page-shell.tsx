/** The frame of a top-level page (workflow list, secrets): the app header, then a titled content column. */
import type { ReactNode } from "react";
import { AppHeader } from "./app-header";

export function PageShell({ title, subtitle, actions, children }: { title: string; subtitle: string; actions?: ReactNode; children: ReactNode }) {
  return (
    <div className="page">
      <AppHeader />
      <main className="page-content">
        <div className="page-title-row">
          <div>
            <h1 className="page-title">{title}</h1>
            <p className="page-subtitle">{subtitle}</p>
          </div>
          {actions && <div className="page-actions">{actions}</div>}
        </div>
        {children}
      </main>
    </div>
  );
}
