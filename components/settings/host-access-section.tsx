"use client";
/**
 * Admins only: whether workflows may use components that touch this machine (Run Command, Read/Write File, stdio MCP
 * servers).
 */
import { useState } from "react";
import { setHostToolsAction } from "@/app/settings/actions";

export function HostAccessSection({ enabled, source }: { enabled: boolean; source: "environment" | "settings" }) {
  const [on, setOn] = useState(enabled);
  const [error, setError] = useState<string | null>(null);
  const locked = source === "environment";

  async function toggle(next: boolean) {
    setOn(next);
    const result = await setHostToolsAction(next);
    if (!result.ok) {
      setOn(!next);
      setError(result.error);
    } else setError(null);
  }

  return (
    <section className="settings-card" data-testid="host-access">
      <h2>Host access</h2>
      <p>
        Run Command, Read File, Write File and MCP servers started as local processes (stdio) run programs and touch
        files on the machine Switchboard runs on, as the user it runs as. They are off until an admin turns them on;
        only admins may add or change such nodes, and editors may run workflows that contain them.
      </p>
      <label className="settings-switch">
        <input
          type="checkbox"
          className="switch"
          checked={on}
          disabled={locked}
          onChange={(e) => toggle(e.target.checked)}
          data-testid="host-tools-switch"
        />
        <span>{on ? "Host-access components are enabled" : "Host-access components are disabled"}</span>
        {locked && <span className="badge">set by SWITCHBOARD_HOST_TOOLS=1</span>}
      </label>
      {error && (
        <p className="settings-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
