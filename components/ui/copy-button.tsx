"use client";
/** Copies a text to the clipboard and says so for a moment: an icon button, or a small labelled one. */
import { Check, Copy } from "lucide-react";
import { useState } from "react";

type CopyButtonProps = { text: string; label: string; testId?: string; withText?: boolean };

export function CopyButton({ text, label, testId, withText = false }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const copy = () =>
    void navigator.clipboard.writeText(text).then(() => {
      setCopied(true);
      setTimeout(() => setCopied(false), 1500);
    });
  const icon = copied ? <Check size={13} aria-hidden /> : <Copy size={13} aria-hidden />;
  return withText ? (
    <button type="button" className="btn btn-ghost btn-sm" data-testid={testId} onClick={copy}>
      {icon} {copied ? "Copied" : "Copy"}
    </button>
  ) : (
    <button
      type="button"
      className="toolbar-icon-button"
      data-testid={testId}
      aria-label={label}
      title={label}
      onClick={copy}
    >
      {icon}
    </button>
  );
}
