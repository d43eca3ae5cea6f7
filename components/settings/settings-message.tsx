/** What a settings card says after saving: a note that it took, or the error, announced either way. */
export type SavedMessage = { ok: boolean; text: string };

export function SettingsMessage({ message }: { message: SavedMessage | null }) {
  if (!message) return null;
  return (
    <p className={message.ok ? "settings-note" : "settings-error"} role={message.ok ? "status" : "alert"}>
      {message.text}
    </p>
  );
}
