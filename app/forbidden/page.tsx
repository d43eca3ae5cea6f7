/** Where a signed-in person lands when a page needs a bigger role than theirs. */
import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/accounts/auth-card";
import { buttonClassName } from "@/components/ui/button";
import { isRole } from "@/lib/auth/roles";

export const metadata: Metadata = { title: "Not allowed" };

export default async function ForbiddenPage({ searchParams }: { searchParams: Promise<{ need?: string }> }) {
  const { need } = await searchParams;
  return (
    <AuthCard title="You cannot open that page" subtitle={`It needs ${isRole(need) ? `the ${need}` : "a bigger"} role. An admin can change your role on the Settings page.`}>
      <Link href="/" className={buttonClassName("primary")}>
        Back to workflows
      </Link>
    </AuthCard>
  );
}
