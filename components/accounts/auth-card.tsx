/** The centred card the account pages (set-up, sign-in, invite, forbidden) sit in, under the Switchboard mark. */
import "./accounts.css";
import type { ReactNode } from "react";
import { LogoMark } from "@/components/ui/logo-mark";

export function AuthCard({ title, subtitle, children }: { title: string; subtitle: ReactNode; children?: ReactNode }) {
  return (
    <main className="auth-page">
      <div className="auth-brand">
        <LogoMark />
        <span>Switchboard</span>
      </div>
      <section className="auth-card">
        <h1>{title}</h1>
        <p className="auth-subtitle">{subtitle}</p>
        {children}
      </section>
    </main>
  );
}
