"use client";
/**
 * "Add this run to a dataset": the run's input becomes a row of one of the workflow's datasets (or a new one), with
 * its output as the expected output, which the person may correct first. Uses the API's "from a run" rows, so the
 * row keeps which run it came from.
 */
import { ListPlus } from "lucide-react";
import Link from "next/link";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { callApi, datasetsPath, rowsPath } from "@/components/evaluations/evaluation-api";
import { editText, jsonOrText } from "@/components/evaluations/row-text";

type Props = { run: { id: string; workflowId: string; input: unknown }; output: unknown };
type Dataset = { id: string; name: string };
const NEW = "";

/** The chosen dataset, made first when it is a new one; or the API's error. */
async function targetDataset(workflowId: string, chosen: string, newName: string) {
  if (chosen !== NEW) return { ok: true as const, body: { id: chosen } };
  return callApi<Dataset>("POST", datasetsPath(workflowId), { name: newName });
}

export function AddToDatasetButton(props: Props) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="add-to-dataset" title="Keep this run as a test case">
        <ListPlus size={14} aria-hidden /> Add to dataset
      </Button>
      {open && <AddToDatasetDialog {...props} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The workflow's datasets, read when the dialog opens; the first is chosen, or a new one when there is none. */
function useDatasets(workflowId: string) {
  const [datasets, setDatasets] = useState<Dataset[]>([]);
  const [chosen, setChosen] = useState(NEW);
  useEffect(() => {
    void callApi<{ datasets: Dataset[] }>("GET", datasetsPath(workflowId)).then((answer) => {
      const list = answer.ok ? answer.body.datasets : [];
      setDatasets(list);
      if (list.length > 0) setChosen(list[0].id);
    });
  }, [workflowId]);
  return { datasets, chosen, setChosen };
}

/** Adds the run as a row of the chosen (or new) dataset with the expected output as typed; says where, or why not. */
function useAddRow(run: Props["run"], chosen: string, newName: string, expected: string) {
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<{ id: string; rowCount: number } | null>(null);
  const add = async () => {
    const dataset = await targetDataset(run.workflowId, chosen, newName);
    if (!dataset.ok) return setError(dataset.error);
    const expectations = { output: expected.trim() === "" ? null : jsonOrText(expected) };
    const answer = await callApi<{ rowCount: number }>("POST", rowsPath(run.workflowId, dataset.body.id), {
      runId: run.id,
      expectations,
    });
    if (!answer.ok) return setError(answer.error);
    setAdded({ id: dataset.body.id, rowCount: answer.body.rowCount });
  };
  return { error, added, add };
}

function AddToDatasetDialog({ run, output, onClose }: Props & { onClose: () => void }) {
  const { datasets, chosen, setChosen } = useDatasets(run.workflowId);
  const [newName, setNewName] = useState("");
  const [expected, setExpected] = useState(editText(output));
  const { error, added, add } = useAddRow(run, chosen, newName, expected);
  const actions = added ? (
    <Button onClick={onClose}>Close</Button>
  ) : (
    <>
      <Button onClick={onClose}>Cancel</Button>
      <Button variant="primary" onClick={() => void add()} disabled={chosen === NEW && newName.trim() === ""}>
        Add row
      </Button>
    </>
  );
  return (
    <Modal
      title="Add this run to a dataset"
      testId="add-to-dataset-dialog"
      className="add-to-dataset"
      actions={actions}
    >
      {added ? (
        <p role="status" data-testid="added-to-dataset">
          Added as row {added.rowCount}.{" "}
          <Link href={`/workflows/${run.workflowId}/evaluations/datasets/${added.id}`}>Open the dataset</Link>
        </p>
      ) : (
        <div className="add-to-dataset-fields">
          <DatasetChoice
            datasets={datasets}
            chosen={chosen}
            onChoose={setChosen}
            newName={newName}
            onName={setNewName}
          />
          <label>
            Input
            <pre className="run-input-value add-to-dataset-input">{editText(run.input) || "(none)"}</pre>
          </label>
          <label>
            Expected output
            <textarea
              className="input textarea mono"
              rows={4}
              value={expected}
              onChange={(event) => setExpected(event.target.value)}
            />
          </label>
          {error && (
            <p className="add-to-dataset-error" role="alert">
              {error}
            </p>
          )}
        </div>
      )}
    </Modal>
  );
}

type ChoiceProps = {
  datasets: Dataset[];
  chosen: string;
  onChoose: (id: string) => void;
  newName: string;
  onName: (name: string) => void;
};

/** Which dataset: one of the workflow's, or a new one named here. */
function DatasetChoice({ datasets, chosen, onChoose, newName, onName }: ChoiceProps) {
  return (
    <>
      <label>
        Dataset
        <select
          className="input select"
          aria-label="Dataset"
          value={chosen}
          onChange={(event) => onChoose(event.target.value)}
        >
          {datasets.map((dataset) => (
            <option key={dataset.id} value={dataset.id}>
              {dataset.name}
            </option>
          ))}
          <option value={NEW}>A new dataset…</option>
        </select>
      </label>
      {chosen === NEW && (
        <label>
          Name of the new dataset
          <input className="input" value={newName} onChange={(event) => onName(event.target.value)} />
        </label>
      )}
    </>
  );
}
