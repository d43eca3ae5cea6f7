/** First start: nobody has an account yet, so the only thing to do is create the owner's. */
import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { AccountForm, NEW_ACCOUNT_FIELDS } from "@/components/accounts/account-form";
import { AuthCard } from "@/components/accounts/auth-card";
import { hasOwner } from "@/lib/auth/accounts";
import { createOwnerAction } from "../sign-in/actions";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Set up" };

export default async function SetupPage() {
  if (await hasOwner()) redirect("/sign-in");
  return (
    <AuthCard
      title="Create the owner account"
      subtitle={
        "Welcome to Switchboard. The first account owns this instance: it is an admin, invites everyone else and " +
        "decides what workflows may touch on this machine."
      }
    >
      <AccountForm action={createOwnerAction} fields={NEW_ACCOUNT_FIELDS} submitLabel="Create owner account" />
    </AuthCard>
  );
}
