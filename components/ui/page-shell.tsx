/** The frame of a top-level page (workflow list, secrets, settings): the app header, then a titled content column. */
import type { ReactNode } from "react";
import { AppHeader, type HeaderUser } from "./app-header";

export function PageShell({
  user,
  title,
  subtitle,
  actions,
  children,
}: {
  user?: HeaderUser;
  title: string;
  subtitle: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="page">
      <AppHeader user={user} />
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
