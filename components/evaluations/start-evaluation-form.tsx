"use client";
/**
 * Starts an evaluation from the page: a dataset, the graph to run (the draft or any published version), how many rows
 * run at once, and the evaluators (JSON, started from the dataset's last evaluation or a ready-made one per kind);
 * then opens the evaluation, which shows its progress live.
 */
import { Play } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { callApi, evaluationsPath } from "./evaluation-api";
import { DEFAULT_EVALUATORS, EVALUATOR_TEMPLATES, withEvaluator } from "./evaluator-templates";

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

const evaluatorsText = (list: unknown[]) => JSON.stringify(list, null, 2);

export function StartEvaluationForm(props: Props) {
  const { workflowId, datasets, versions, lastEvaluators, modelNodes } = props;
  const first = datasets.find((dataset) => dataset.id === props.initialDataset) ?? datasets[0];
  const [datasetId, setDatasetId] = useState(first?.id ?? "");
  const [evaluators, setEvaluators] = useState(evaluatorsText(lastEvaluators[first?.id] ?? DEFAULT_EVALUATORS));
  const chooseDataset = (id: string) => {
    setDatasetId(id);
    if (lastEvaluators[id]) setEvaluators(evaluatorsText(lastEvaluators[id]));
  };
  const { submit, error, starting } = useStart(workflowId, datasetId, evaluators);
  return (
    <form className="eval-start-form" id="new-evaluation" onSubmit={(e) => void submit(e)} data-testid="start-form">
      <SourceFields datasets={datasets} datasetId={datasetId} onDataset={chooseDataset} versions={versions} />
      <EvaluatorsField
        value={evaluators}
        onChange={setEvaluators}
        modelNodeId={modelNodes[0]?.id}
        modelNodes={modelNodes}
      />
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

/** Starts the evaluation the form describes and opens it; or says what is wrong (the API names the field). */
function useStart(workflowId: string, datasetId: string, evaluators: string) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    let list: unknown;
    try {
      list = JSON.parse(evaluators);
    } catch (problem) {
      return setError(`Evaluators: not JSON (${(problem as Error).message})`);
    }
    const version = String(form.get("version"));
    setStarting(true);
    const answer = await callApi<{ id: string }>("POST", evaluationsPath(workflowId), {
      dataset: datasetId,
      version: version === "draft" ? "draft" : Number(version),
      concurrency: Number(form.get("concurrency")),
      evaluators: list,
    });
    if (!answer.ok) {
      setStarting(false);
      return setError(answer.error);
    }
    router.push(`/workflows/${workflowId}/evaluations/${answer.body.id}`);
  };
  return { submit, error, starting };
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

type FieldProps = {
  value: string;
  onChange: (value: string) => void;
  modelNodeId?: string;
  modelNodes: Props["modelNodes"];
};

/** The evaluators as JSON, and a picker that adds a ready-made one of a kind. */
function EvaluatorsField({ value, onChange, modelNodeId, modelNodes }: FieldProps) {
  const add = (kind: string) => {
    const template = EVALUATOR_TEMPLATES.find((candidate) => candidate.kind === kind);
    if (template) onChange(withEvaluator(value, template.settings(modelNodeId)));
  };
  const nodes = modelNodes.map((node) => `${node.id} (${node.label})`).join(", ");
  return (
    <div className="eval-evaluators">
      <div className="eval-evaluators-head">
        <span>Evaluators</span>
        <select
          className="input select eval-add-evaluator"
          aria-label="Add an evaluator"
          value=""
          onChange={(e) => add(e.target.value)}
        >
          <option value="">Add an evaluator…</option>
          {EVALUATOR_TEMPLATES.map((template) => (
            <option key={template.kind} value={template.kind}>
              {template.label}
            </option>
          ))}
        </select>
      </div>
      <textarea
        className="input textarea mono"
        rows={8}
        aria-label="Evaluators"
        spellCheck={false}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      <p className="muted eval-hint">
        A row passes when its run completes and every evaluator passes. Settings may quote the row:
        {" {{expected.output}}, {{expected.city}}, {{input}}."}
        {nodes && ` An LLM judge may use a model node's settings with "modelNode": ${nodes}.`}
      </p>
    </div>
  );
}
