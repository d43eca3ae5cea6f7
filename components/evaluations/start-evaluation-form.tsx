"use client";
/**
 * Starts an evaluation from the page: a dataset, the graph to run (the draft or any published version), how many rows
 * run at once, and the evaluators (edited as forms, started from the dataset's last evaluation); then opens the
 * evaluation, which shows its progress live.
 */
import { Play } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { callApi, evaluationsPath } from "./evaluation-api";
import { checkDrafts, toDrafts, type Draft } from "./evaluator-drafts";
import { EvaluatorEditor } from "./evaluator-editor";

type Props = {
  workflowId: string;
  datasets: { id: string; name: string; rowCount: number }[];
  versions: { number: number; live: boolean }[];
  /** Each dataset's last evaluators, by dataset id. */
  lastEvaluators: Record<string, unknown[]>;
  /** The workflow's Agent and LLM nodes, which a judge may borrow its model from. */
  modelNodes: { id: string; label: string }[];
  initialDataset?: string;
};

const FIELDS_WRONG = "Some evaluators' fields are wrong: see below";

/** What a new evaluation starts from when the dataset has never been evaluated. */
const FIRST_EVALUATORS = [{ kind: "contains" }];

export function StartEvaluationForm(props: Props) {
  const { workflowId, datasets, versions, lastEvaluators, modelNodes } = props;
  const first = datasets.find((dataset) => dataset.id === props.initialDataset) ?? datasets[0];
  const [datasetId, setDatasetId] = useState(first?.id ?? "");
  const [drafts, setDrafts] = useState(() => toDrafts(lastEvaluators[first?.id] ?? FIRST_EVALUATORS));
  const chooseDataset = (id: string) => {
    setDatasetId(id);
    if (lastEvaluators[id]) setDrafts(toDrafts(lastEvaluators[id]));
  };
  const { submit, error, starting, errors } = useStart(workflowId, datasetId, drafts);
  return (
    <form className="eval-start-form" id="new-evaluation" onSubmit={(e) => void submit(e)} data-testid="start-form">
      <SourceFields datasets={datasets} datasetId={datasetId} onDataset={chooseDataset} versions={versions} />
      <EvaluatorEditor drafts={drafts} onChange={setDrafts} errors={errors} modelNodes={modelNodes} />
      <div className="eval-row-form-actions">
        <Button type="submit" variant="primary" size="sm" disabled={starting || !datasetId}>
          <Play size={14} aria-hidden /> {starting ? "Starting…" : "Start evaluation"}
        </Button>
        {error && (
          <span className="eval-error" role="alert">
            {error}
          </span>
        )}
      </div>
    </form>
  );
}

/**
 * Starts the evaluation the form describes and opens it; or says what is wrong: each evaluator's fields, checked
 * with the API's schema once the person has tried to start, and anything else the API names.
 */
function useStart(workflowId: string, datasetId: string, drafts: Draft[]) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [tried, setTried] = useState(false);
  const [starting, setStarting] = useState(false);
  const checked = checkDrafts(drafts);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setTried(true);
    if (drafts.length === 0) return setError("Add at least one evaluator");
    if (!checked.settings) return setError(FIELDS_WRONG);
    const form = new FormData(event.currentTarget);
    const version = String(form.get("version"));
    setStarting(true);
    setError(null);
    const answer = await callApi<{ id: string }>("POST", evaluationsPath(workflowId), {
      dataset: datasetId,
      version: version === "draft" ? "draft" : Number(version),
      concurrency: Number(form.get("concurrency")),
      evaluators: checked.settings,
    });
    if (!answer.ok) {
      setStarting(false);
      return setError(answer.error);
    }
    router.push(`/workflows/${workflowId}/evaluations/${answer.body.id}`);
  };
  // The fields' own message goes once they are put right.
  const shown = error === FIELDS_WRONG && checked.settings ? null : error;
  return { submit, error: shown, starting, errors: tried ? checked.errors : [] };
}

type SourceProps = Pick<Props, "datasets" | "versions"> & { datasetId: string; onDataset: (id: string) => void };

/** Which dataset, which graph (the draft or a published version), how many rows at once. */
function SourceFields({ datasets, datasetId, onDataset, versions }: SourceProps) {
  return (
    <div className="eval-start-fields">
      <label>
        Dataset
        <select
          className="input select"
          name="dataset"
          value={datasetId}
          onChange={(event) => onDataset(event.target.value)}
        >
          {datasets.map((dataset) => (
            <option key={dataset.id} value={dataset.id}>
              {dataset.name} ({dataset.rowCount} rows)
            </option>
          ))}
        </select>
      </label>
      <label>
        Run
        <select className="input select" name="version" defaultValue="draft">
          <option value="draft">The draft</option>
          {versions.map((version) => (
            <option key={version.number} value={version.number}>
              Version {version.number}
              {version.live ? " (live)" : ""}
            </option>
          ))}
        </select>
      </label>
      <label>
        Rows at once
        <input className="input" name="concurrency" type="number" min={1} max={16} defaultValue={4} />
      </label>
    </div>
  );
}
