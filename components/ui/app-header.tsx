/**
 * The header on pages outside the editor: the Switchboard name, links to the other pages, page actions, and who is
 * signed in (with sign-out).
 */
import { LogOut } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { signOutAction } from "@/app/sign-in/actions";
import type { Role } from "@/lib/auth/roles";
import { buttonClassName } from "./button";
import { LogoMark } from "./logo-mark";

export type HeaderUser = { name: string; email: string; role: Role };

/** The pages a signed-in person may open; Secrets only for admins. */
const PAGES: { href: string; label: string; testId: string; adminOnly?: boolean }[] = [
  { href: "/runs", label: "Runs", testId: "nav-runs" },
  { href: "/insights", label: "Insights", testId: "nav-insights" },
  { href: "/audit", label: "Tool calls", testId: "nav-audit" },
  { href: "/variables", label: "Variables", testId: "nav-variables" },
  { href: "/knowledge", label: "Knowledge", testId: "nav-knowledge" },
  { href: "/folders", label: "Folders", testId: "nav-folders" },
  { href: "/secrets", label: "Secrets", testId: "nav-secrets", adminOnly: true },
  { href: "/settings", label: "Settings", testId: "nav-settings" },
];

export function AppHeader({ user, children }: { user?: HeaderUser; children?: ReactNode }) {
  const pages = user ? PAGES.filter((page) => !page.adminOnly || user.role === "admin") : [];
  return (
    <header className="app-header">
      <Link href="/" className="app-brand">
        <LogoMark />
        <span>Switchboard</span>
      </Link>
      <nav className="app-nav" aria-label="Pages">
        <Link href="/">Workflows</Link>
        {pages.map((page) => (
          <Link key={page.href} href={page.href} data-testid={page.testId}>
            {page.label}
          </Link>
        ))}
      </nav>
      <div className="app-header-actions">
        {children}
        {user && <SignedIn user={user} />}
      </div>
    </header>
  );
}

function SignedIn({ user }: { user: HeaderUser }) {
  return (
    <form action={signOutAction} className="app-user">
      <span className="app-user-name" title={user.email} data-testid="signed-in-as">
        {user.name}
      </span>
      <span className="badge" data-testid="signed-in-role">
        {user.role}
      </span>
      <button
        type="submit"
        className={buttonClassName("ghost", "sm")}
        data-testid="sign-out"
        aria-label="Sign out"
        title="Sign out"
      >
        <LogOut size={14} aria-hidden />
      </button>
    </form>
  );
}
