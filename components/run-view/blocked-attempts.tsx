/** Calls the gateway refused because the tool was outside the agent's allowed tools; shown only when there are some. */
import "./gateway-decisions.css";
import { ShieldX } from "lucide-react";
import type { BlockedAttempt } from "./derive-gateway-decisions";
import { PanelSection } from "./panel-section";
import { ValueBlock } from "./value-block";

type BlockedAttemptsProps = { attempts: BlockedAttempt[]; labelOf: (nodeId: string) => string };

export function BlockedAttempts({ attempts, labelOf }: BlockedAttemptsProps) {
  if (attempts.length === 0) return null;
  return (
    <PanelSection
      title="Blocked attempts"
      icon={<ShieldX size={14} aria-hidden />}
      count={attempts.length}
      testId="blocked-attempts"
    >
      <div className="tool-call-list">
        {attempts.map((attempt) => (
          <article key={attempt.seq} className="gateway-card is-blocked" data-testid="blocked-attempt">
            <header className="tool-call-header">
              <code className="tool-call-name" data-testid="blocked-tool-name">
                {attempt.toolName}
              </code>
              <span className="tool-call-meta">{labelOf(attempt.agentNodeId)}</span>
            </header>
            <p className="gateway-reason" data-testid="blocked-reason">
              {attempt.reason}
            </p>
            <section className="tool-call-section">
              <h4>Arguments</h4>
              <ValueBlock value={attempt.args ?? {}} collapsible />
            </section>
          </article>
        ))}
      </div>
    </PanelSection>
  );
}
