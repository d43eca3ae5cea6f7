import { displayName } from "../auth/display-name";

/** Who made a version or a save, as the history shows it; null for the system (an upgrade, a template). */
export type Author = { id: string; name: string } | null;

/** The author a signed-in person or an API key's owner is. */
export const authorOf = (principal: { userId: string; name: string; email: string }): Author => ({
  id: principal.userId,
  name: displayName(principal),
});
