"use client";
/**
 * A JSON POST the editor may cancel (Discover tools, the model picker): a newer call or a Cancel
 * aborts the request, so the server gives up its outbound connection too. A refused request or a
 * server that cannot be reached resolves to `{ ok: false, error }`, a cancelled one to null.
 */
import { useCallback, useEffect, useRef, useState } from "react";

export function useCancellablePost<T extends { ok: boolean }>(path: string) {
  const [pending, setPending] = useState(false);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const post = useCallback(
    async (input: unknown): Promise<T | { ok: false; error: string } | null> => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      setPending(true);
      try {
        const response = await fetch(path, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(input),
          signal: controller.signal,
        });
        const body = (await response.json()) as T & { error?: string };
        return response.ok ? body : { ok: false, error: body.error ?? `The server answered ${response.status}` };
      } catch (error) {
        if (controller.signal.aborted) return null;
        return { ok: false, error: `Could not reach the server: ${(error as Error).message}` };
      } finally {
        if (running.current === controller) {
          running.current = null;
          setPending(false);
        }
      }
    },
    [path],
  );

  const cancel = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setPending(false);
  }, []);

  return { pending, post, cancel };
}
