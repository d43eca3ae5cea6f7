"use client";
/**
 * Admins only: how long finished runs are kept (days, and/or the newest N per workflow); an hourly job deletes the
 * rest.
 */
import { useState, useTransition } from "react";
import { setRetentionAction } from "@/app/settings/actions";
import { Button } from "@/components/ui/button";
import { SettingsMessage, type SavedMessage } from "./settings-message";

type RetentionValue = { keepDays: number | null; keepRuns: number | null };

const asLimit = (text: string) => (text.trim() === "" ? null : Number(text));

export function RetentionSection({ initial }: { initial: RetentionValue }) {
  const [days, setDays] = useState(initial.keepDays?.toString() ?? "");
  const [runs, setRuns] = useState(initial.keepRuns?.toString() ?? "");
  const [message, setMessage] = useState<SavedMessage | null>(null);
  const [pending, startTransition] = useTransition();
  const save = () =>
    startTransition(async () => {
      const result = await setRetentionAction({ keepDays: asLimit(days), keepRuns: asLimit(runs) });
      setMessage(
        result.ok
          ? { ok: true, text: "Saved: the hourly cleanup follows it from its next round." }
          : { ok: false, text: result.error },
      );
    });
  return (
    <section className="settings-card" data-testid="retention">
      <h2>Run history</h2>
      <p>
        Finished runs (and their events) older than this, or beyond the newest runs of each workflow, are deleted every
        hour. Leave both empty to keep everything.
      </p>
      <div className="settings-row">
        <label className="field">
          <span className="field-label">Keep days</span>
          <input
            className="input"
            type="number"
            min={1}
            placeholder="forever"
            value={days}
            onChange={(e) => setDays(e.target.value)}
            data-testid="retention-days"
          />
        </label>
        <label className="field">
          <span className="field-label">Keep runs per workflow</span>
          <input
            className="input"
            type="number"
            min={1}
            placeholder="all"
            value={runs}
            onChange={(e) => setRuns(e.target.value)}
            data-testid="retention-runs"
          />
        </label>
        <Button onClick={save} disabled={pending} data-testid="retention-save">
          Save
        </Button>
      </div>
      <SettingsMessage message={message} />
    </section>
  );
}
