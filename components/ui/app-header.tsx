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

export function AppHeader({ user, children }: { user?: HeaderUser; children?: ReactNode }) {
  return (
    <header className="app-header">
      <Link href="/" className="app-brand">
        <LogoMark />
        <span>Switchboard</span>
      </Link>
      <nav className="app-nav" aria-label="Pages">
        <Link href="/">Workflows</Link>
        {user && (
          <Link href="/runs" data-testid="nav-runs">
            Runs
          </Link>
        )}
        {user && (
          <Link href="/insights" data-testid="nav-insights">
            Insights
          </Link>
        )}
        {user && (
          <Link href="/audit" data-testid="nav-audit">
            Tool calls
          </Link>
        )}
        {user && (
          <Link href="/variables" data-testid="nav-variables">
            Variables
          </Link>
        )}
        {user?.role === "admin" && (
          <Link href="/secrets" data-testid="nav-secrets">
            Secrets
          </Link>
        )}
        {user && (
          <Link href="/settings" data-testid="nav-settings">
            Settings
          </Link>
        )}
      </nav>
      <div className="app-header-actions">
        {children}
        {user && (
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
        )}
      </div>
    </header>
  );
}
