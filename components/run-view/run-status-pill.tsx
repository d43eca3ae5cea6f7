/** The run's status as a coloured pill whose text is the status word. */
import { Ban, CircleCheck, CircleX, Clock, Hourglass, LoaderCircle } from "lucide-react";
import { cx } from "@/components/ui/class-names";
import "./run-status-pill.css";
import type { RunStatus } from "./derive-run-state";

const ICONS = {
  queued: Clock,
  running: LoaderCircle,
  waiting: Hourglass,
  completed: CircleCheck,
  failed: CircleX,
  cancelled: Ban,
} as const;

export function RunStatusPill({ status }: { status: RunStatus }) {
  const Icon = ICONS[status];
  return (
    <span className={cx("run-status", `run-status-${status}`)}>
      <Icon size={13} aria-hidden className={status === "running" ? "spin" : undefined} />
      <span data-testid="run-status">{status}</span>
    </span>
  );
}
