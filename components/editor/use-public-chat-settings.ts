"use client";
/**
 * A workflow's public chat settings in the editor: read once while it is open (editor-reads.tsx), and each change saved
 * at once (PUT /api/workflows/{id}/public-chat) — they are not part of the draft, so there is nothing to publish for
 * them.
 */
import { useCallback, useState } from "react";
import { useEditorRead } from "./editor-reads";
import { publicChatPath } from "./editor-read-paths";
import type { PublicChatSettings, PublicChatUpdate } from "@/lib/public-chat/settings";

export function usePublicChatSettings(workflowId: string | undefined) {
  const path = workflowId ? publicChatPath(workflowId) : null;
  const read = useEditorRead<PublicChatSettings>(path);
  const [saveProblem, setSaveProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const { update } = read;

  const save = useCallback(
    async (change: PublicChatUpdate): Promise<boolean> => {
      if (!path) return false;
      setSaving(true);
      try {
        const response = await fetch(path, {
          method: "PUT",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(change),
        });
        const body = await response.json();
        if (!response.ok) {
          setSaveProblem((body as { error?: string }).error ?? `HTTP ${response.status}`);
          return false;
        }
        update(body as PublicChatSettings);
        setSaveProblem(null);
        return true;
      } finally {
        setSaving(false);
      }
    },
    [path, update],
  );

  return { settings: read.value ?? null, problem: saveProblem ?? read.problem, saving, save };
}
