"use client";
/**
 * Workflow settings: the public chat — a page anyone with the link can use (/chat/{publicId}) and a widget to embed in
 * a site, answered by the published version. Its link and embed snippet to copy, and its settings (saved at once:
 * title, welcome message, allowed origins, access code, rate limits) in workflow-public-chat-fields.tsx.
 */
import { MessagesSquare } from "lucide-react";
import { useEffect, useState } from "react";
import { CopyButton } from "@/components/ui/copy-button";
import { usePublicChatSettings } from "./use-public-chat-settings";
import { ExposureSwitch } from "./exposure-switch";
import { useEditorStore } from "./editor-store-context";
import {
  PublicChatAccessCode,
  PublicChatLimits,
  PublicChatOrigins,
  PublicChatTexts,
} from "./workflow-public-chat-fields";

export function WorkflowPublicChat() {
  const { workflowId, readOnly } = useEditorStore((state) => ({
    workflowId: state.workflowId,
    readOnly: state.readOnly,
  }));
  const chat = usePublicChatSettings(workflowId);
  const settings = chat.settings;
  if (!workflowId) return null;
  return (
    <div className="workflow-mcp-exposure" data-testid="public-chat-settings">
      <ExposureSwitch
        label={
          <>
            <MessagesSquare size={13} aria-hidden /> Public chat
          </>
        }
        checked={settings?.enabled === true}
        onChange={(enabled) => void chat.save({ enabled })}
        testId="public-chat-toggle"
      />
      <p className="field-help">
        Anyone with the link can chat with this workflow&apos;s published version, without an account, and see only
        their own conversation. Changes here apply at once.
      </p>
      {chat.problem && (
        <p className="field-error" role="alert" data-testid="public-chat-problem">
          {chat.problem}
        </p>
      )}
      {settings?.enabled && (
        <fieldset className="public-chat-settings" disabled={readOnly || chat.saving}>
          <PublicChatLinks publicId={settings.publicId} />
          <PublicChatTexts settings={settings} save={chat.save} />
          <PublicChatOrigins settings={settings} save={chat.save} />
          <PublicChatAccessCode settings={settings} save={chat.save} />
          <PublicChatLimits settings={settings} save={chat.save} />
        </fieldset>
      )}
    </div>
  );
}

function PublicChatLinks({ publicId }: { publicId: string }) {
  const [origin, setOrigin] = useState("");
  useEffect(() => setOrigin(window.location.origin), []);
  const link = `${origin}/chat/${publicId}`;
  const snippet = `<script src="${origin}/api/public-chat/${publicId}/widget.js" async></script>`;
  return (
    <>
      <div className="field">
        <span className="field-label">Link</span>
        <div className="public-chat-copy">
          <a href={link} target="_blank" rel="noreferrer" data-testid="public-chat-link">
            <code>{link}</code>
          </a>
          <CopyButton text={link} label="Copy the link" testId="public-chat-copy-link" />
        </div>
      </div>
      <div className="field">
        <span className="field-label">Embed on a site</span>
        <div className="public-chat-copy">
          <code className="public-chat-snippet" data-testid="public-chat-snippet">
            {snippet}
          </code>
          <CopyButton text={snippet} label="Copy the embed snippet" testId="public-chat-copy-snippet" />
        </div>
        <p className="field-help">Paste it before &lt;/body&gt;; the site&apos;s origin must be allowed below.</p>
      </div>
    </>
  );
}
