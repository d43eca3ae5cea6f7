/**
 * An Approval step's one-time link: anyone holding it sees the question and the value and decides
 * once, without an account (the link's token is the credential; lib/runs/resume-by-link.ts). A
 * used, forged or ended link says so.
 */
import type { Metadata } from "next";
import { AuthCard } from "@/components/accounts/auth-card";
import { ApprovalLinkForm } from "@/components/approval-link/approval-link-form";
import { liveApprovalOfLink } from "@/lib/runs/resume-by-link";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Approve" };

export default async function ApprovalLinkPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const wait = await liveApprovalOfLink(token);
  if (!wait) {
    return (
      <AuthCard
        title="This link does not work"
        subtitle="It was used already, its run has ended, or it was mistyped. A link decides once."
      />
    );
  }
  const { message, value, allowEdit } = wait.detail as { message?: string; value?: unknown; allowEdit?: boolean };
  return (
    <AuthCard title="Your decision, please" subtitle={message ?? "Approve this value?"}>
      <ApprovalLinkForm token={token} value={value ?? null} allowEdit={allowEdit !== false} />
    </AuthCard>
  );
}
