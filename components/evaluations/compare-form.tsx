/** Two finished evaluations side by side: the newest two are chosen to start with; none until two have finished. */
import type { EvaluationView } from "@/lib/evaluations/evaluations";
import { buttonClassName } from "@/components/ui/button";
import { sourceText } from "./format";

const optionText = (evaluation: EvaluationView) =>
  [evaluation.datasetName, sourceText(evaluation.version), new Date(evaluation.createdAt).toLocaleString("en")].join(
    " · ",
  );

export function CompareForm({ workflowId, evaluations }: { workflowId: string; evaluations: EvaluationView[] }) {
  const finished = evaluations.filter((evaluation) => evaluation.status === "completed");
  if (finished.length < 2) return null;
  const options = finished.map((evaluation) => (
    <option key={evaluation.id} value={evaluation.id}>
      {optionText(evaluation)}
    </option>
  ));
  return (
    <form
      className="eval-compare-form"
      action={`/workflows/${workflowId}/evaluations/compare`}
      data-testid="compare-form"
    >
      <label>
        Before
        <select className="input" name="before" defaultValue={finished[1].id}>
          {options}
        </select>
      </label>
      <label>
        After
        <select className="input" name="after" defaultValue={finished[0].id}>
          {options}
        </select>
      </label>
      <button type="submit" className={buttonClassName("primary", "sm")}>
        Compare
      </button>
    </form>
  );
}
