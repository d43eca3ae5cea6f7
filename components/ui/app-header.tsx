/** The header on pages outside the editor: the Switchboard name, a way home, links to the other pages, and room for page actions. */
import Link from "next/link";
import type { ReactNode } from "react";
import { LogoMark } from "./logo-mark";

export function AppHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="app-header">
      <Link href="/" className="app-brand">
        <LogoMark />
        <span>Switchboard</span>
      </Link>
      <nav className="app-nav" aria-label="Pages">
        <Link href="/">Workflows</Link>
        <Link href="/secrets" data-testid="nav-secrets">
          Secrets
        </Link>
      </nav>
      <div className="app-header-actions">{children}</div>
    </header>
  );
}
