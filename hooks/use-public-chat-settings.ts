"use client";
/**
 * A workflow's public chat settings in the editor: read once, and each change saved at once
 * (PUT /api/workflows/{id}/public-chat) — they are not part of the draft, so there is nothing to publish for them.
 */
import { useCallback, useEffect, useState } from "react";
import type { PublicChatSettings, PublicChatUpdate } from "@/lib/public-chat/settings";

export function usePublicChatSettings(workflowId: string | undefined) {
  const [settings, setSettings] = useState<PublicChatSettings | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const path = workflowId ? `/api/workflows/${encodeURIComponent(workflowId)}/public-chat` : null;

  useEffect(() => {
    if (!path) return;
    let live = true;
    fetch(path)
      .then(async (response) => {
        const body = await response.json();
        if (!live) return;
        if (response.ok) setSettings(body as PublicChatSettings);
        else setProblem((body as { error?: string }).error ?? `HTTP ${response.status}`);
      })
      .catch((error: unknown) => live && setProblem(String(error)));
    return () => {
      live = false;
    };
  }, [path]);

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
          setProblem((body as { error?: string }).error ?? `HTTP ${response.status}`);
          return false;
        }
        setSettings(body as PublicChatSettings);
        setProblem(null);
        return true;
      } finally {
        setSaving(false);
      }
    },
    [path],
  );

  return { settings, problem, saving, save };
}
