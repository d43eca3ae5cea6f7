/** The header on pages outside the editor: the Switchboard name, a way home, and room for page actions. */
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
      <div className="app-header-actions">{children}</div>
    </header>
  );
}
