/**
 * What the waiting components share: how long a wait may last, when a Wait stops sleeping in the
 * worker and suspends its run instead, and the notify URL that gets the one-time links (sent by
 * the engine: NodeWaits.notify).
 */
import { z } from "zod";

/** A wait may last up to 30 days: a suspended run holds no worker while it waits. */
export const MAX_WAIT_SECONDS = 30 * 24 * 60 * 60;
export const MAX_WAIT_MINUTES = MAX_WAIT_SECONDS / 60;

/** A Wait this short sleeps in the worker; a longer one suspends the run. */
export const SUSPEND_WAITS_OVER_SECONDS = 5;

export const notifyUrlParam = z
  .string()
  .trim()
  .default("")
  .refine((url) => url === "" || /^https?:\/\//.test(url), "notifyUrl: must be an http(s) URL");
