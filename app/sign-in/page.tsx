/** Sign in with e-mail and password; a first start without accounts goes to set-up instead. */
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AccountForm } from "@/components/accounts/account-form";
import { AuthCard } from "@/components/accounts/auth-card";
import { hasOwner } from "@/lib/auth/accounts";
import { signInAction } from "./actions";
import { safeNext } from "./schema";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  if (!(await hasOwner())) redirect("/setup");
  const { next } = await searchParams;
  return (
    <AuthCard title="Sign in" subtitle="Sign in to build and run workflows.">
      <AccountForm
        action={signInAction}
        hidden={{ next: safeNext(next) }}
        fields={[
          { name: "email", label: "E-mail", type: "email", autoComplete: "email" },
          { name: "password", label: "Password", type: "password", autoComplete: "current-password" },
        ]}
        submitLabel="Sign in"
        footer={<p className="auth-footnote">No account? Ask an admin for an invite link.</p>}
      />
    </AuthCard>
  );
}
