"use client";
/**
 * A value shown once (a new API key, an invite link) with a copy button and a warning that it will not be shown again.
 */
import { Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";

export function OneTimeSecret({ label, value, testId }: { label: string; value: string; testId: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="settings-secret" role="status">
      <strong>{label}</strong>
      <div className="settings-secret-value">
        <code data-testid={testId}>{value}</code>
        <Button
          size="sm"
          onClick={async () => {
            await navigator.clipboard?.writeText(value).catch(() => undefined);
            setCopied(true);
          }}
        >
          <Copy size={13} aria-hidden /> {copied ? "Copied" : "Copy"}
        </Button>
      </div>
      <span className="muted">Copy it now: it is shown only this once.</span>
    </div>
  );
}
