"use client";
/**
 * Rows from a file: a CSV (an `input` column or `input.<field>` columns, every other column an expectation) or JSONL
 * (one `{ "input": …, "expectations": { … } }` a line), chosen from disk or pasted. The API parses it and names the
 * line that is wrong.
 */
import { Upload } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState, type ChangeEvent } from "react";
import { Button } from "@/components/ui/button";
import { callApi, rowsPath } from "./evaluation-api";

type Format = "csv" | "jsonl";

const PLACEHOLDER: Record<Format, string> = {
  csv: "input,expected.output\nOslo,4°C\nBergen,9°C",
  jsonl: '{ "input": "Oslo", "expectations": { "output": "4°C" } }',
};

export function DatasetImport({ workflowId, datasetId }: { workflowId: string; datasetId: string }) {
  const router = useRouter();
  const [format, setFormat] = useState<Format>("csv");
  const [text, setText] = useState("");
  const [message, setMessage] = useState<{ error: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  const pick = (file: File, text: string) => {
    if (/\.jsonl?$/i.test(file.name)) setFormat("jsonl");
    else if (/\.csv$/i.test(file.name)) setFormat("csv");
    setText(text);
  };
  const send = async () => {
    setSending(true);
    const answer = await callApi<{ added: number }>("POST", rowsPath(workflowId, datasetId), { format, text });
    setSending(false);
    if (!answer.ok) return setMessage({ error: true, text: answer.error });
    setMessage({ error: false, text: `Added ${answer.body.added} row${answer.body.added === 1 ? "" : "s"}` });
    setText("");
    router.refresh();
  };
  return (
    <section className="eval-panel" data-testid="dataset-import">
      <h3 className="eval-panel-title">Import rows</h3>
      <ImportSource format={format} onFormat={setFormat} onFile={pick} />
      <textarea
        className="input textarea mono"
        rows={5}
        aria-label="File contents"
        placeholder={PLACEHOLDER[format]}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="eval-row-form-actions">
        <Button variant="primary" size="sm" disabled={sending || text.trim() === ""} onClick={() => void send()}>
          {sending ? "Importing…" : "Import"}
        </Button>
        {message && (
          <span className={message.error ? "eval-error" : "eval-ok"} role={message.error ? "alert" : "status"}>
            {message.text}
          </span>
        )}
      </div>
    </section>
  );
}

type SourceProps = { format: Format; onFormat: (format: Format) => void; onFile: (file: File, text: string) => void };

/** The file's format, and a file chosen from disk (its name says the format when it can). */
function ImportSource({ format, onFormat, onFile }: SourceProps) {
  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (file) onFile(file, await file.text());
  };
  return (
    <div className="eval-import-bar">
      <select
        className="input select eval-import-format"
        aria-label="Format"
        value={format}
        onChange={(event) => onFormat(event.target.value as Format)}
      >
        <option value="csv">CSV</option>
        <option value="jsonl">JSONL</option>
      </select>
      <label className="btn btn-secondary btn-sm eval-file-button">
        <Upload size={14} aria-hidden /> Choose a file
        <input type="file" accept=".csv,.jsonl,.json,.txt" onChange={(event) => void pick(event)} hidden />
      </label>
      <span className="muted">or paste it below</span>
    </div>
  );
}
