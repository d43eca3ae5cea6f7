/** Why the run failed, naming the node where it happened. */
import { CircleX } from "lucide-react";

type RunFailureProps = { message: string; nodeLabel?: string };

export function RunFailure({ message, nodeLabel }: RunFailureProps) {
  return (
    <section className="run-failure" role="alert" data-testid="run-error">
      <header className="run-failure-heading">
        <CircleX size={15} aria-hidden />
        <h2>
          {nodeLabel ? (
            <>
              Failed at <strong data-testid="run-error-node">{nodeLabel}</strong>
            </>
          ) : (
            "The run failed"
          )}
        </h2>
      </header>
      <pre className="run-failure-message">{message}</pre>
    </section>
  );
}
