/** Where a signed-in person lands when a page needs a bigger role than theirs (or a key without a workflow limit). */
import type { Metadata } from "next";
import Link from "next/link";
import { AuthCard } from "@/components/accounts/auth-card";
import { buttonClassName } from "@/components/ui/button";
import { isRole } from "@/lib/auth/roles";
import { LIMITED_KEY_NOT_FOR_PAGES } from "@/lib/auth/workflow-scope";

export const metadata: Metadata = { title: "Not allowed" };

export default async function ForbiddenPage({ searchParams }: { searchParams: Promise<{ need?: string }> }) {
  const { need } = await searchParams;
  const why =
    need === "unlimited-key"
      ? LIMITED_KEY_NOT_FOR_PAGES
      : `It needs ${isRole(need) ? `the ${need}` : "a bigger"} role. An admin can change your role on the ` +
        `Settings page.`;
  return (
    <AuthCard title="You cannot open that page" subtitle={why}>
      <Link href="/" className={buttonClassName("primary")}>
        Back to workflows
      </Link>
    </AuthCard>
  );
}
