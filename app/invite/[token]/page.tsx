/** An invite link: create your account with the role the admin chose. A used or expired link says so. */
import type { Metadata } from "next";
import Link from "next/link";
import { AccountForm, NEW_ACCOUNT_FIELDS } from "@/components/accounts/account-form";
import { AuthCard } from "@/components/accounts/auth-card";
import { buttonClassName } from "@/components/ui/button";
import { findOpenInvite } from "@/lib/auth/accounts";
import { ROLE_DESCRIPTIONS } from "@/lib/auth/roles";
import { acceptInviteAction } from "../../sign-in/actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Join" };

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invite = await findOpenInvite(token);
  if (!invite) {
    return (
      <AuthCard
        title="This invite link does not work"
        subtitle="It was used already, has expired, or was mistyped. Ask an admin for a new one."
      >
        <Link href="/sign-in" className={buttonClassName("secondary")}>
          Go to sign-in
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title="Join Switchboard"
      subtitle={
        <>
          You are invited as <strong data-testid="invite-role">{invite.role}</strong>:{" "}
          {ROLE_DESCRIPTIONS[invite.role].toLowerCase()}.
        </>
      }
    >
      <AccountForm
        action={acceptInviteAction.bind(null, token)}
        fields={NEW_ACCOUNT_FIELDS}
        submitLabel="Create account"
      />
    </AuthCard>
  );
}
