"use client";
/**
 * Knowledge bases on one page: make one (embeddings provider, model, key secret, chunk sizes), add documents (a file
 * or pasted text), follow each document's indexing (refreshed while any is under way), delete a document, index again,
 * and try a search that shows each chunk's document, number and score.
 */
import "./knowledge.css";
import { useRouter } from "next/navigation";
import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import type { KnowledgeBaseView, KnowledgeDocumentView } from "@/lib/knowledge/knowledge-store";
import { DeleteDocumentButton } from "./delete-document-button";
import { fileUpload, sendKnowledge, type SearchHit } from "./knowledge-api";

type Base = KnowledgeBaseView & { documents: KnowledgeDocumentView[] };
type Props = { bases: Base[]; canEdit: boolean };
type Act = (failure: Promise<{ error?: string }>) => Promise<boolean>;

const field = (form: FormData, name: string) => String(form.get(name) ?? "").trim();

function CreateBaseForm({ act }: { act: Act }) {
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const baseUrl = field(form, "baseUrl");
    const secret = field(form, "apiKeySecret");
    await act(
      sendKnowledge("", {
        name: field(form, "name"),
        description: field(form, "description"),
        embedding: {
          provider: field(form, "provider"),
          model: field(form, "model"),
          ...(baseUrl ? { baseUrl } : {}),
          ...(secret ? { apiKeySecret: secret } : {}),
        },
        chunkSize: Number(field(form, "chunkSize") || 1000),
        chunkOverlap: Number(field(form, "chunkOverlap") || 200),
      }),
    );
  };
  return (
    <form className="knowledge-form knowledge-create" onSubmit={submit} data-testid="knowledge-create">
      <LabeledField label="Name">
        <input className="input" name="name" placeholder="handbook" required />
      </LabeledField>
      <LabeledField label="Description">
        <input className="input" name="description" placeholder="What it holds" />
      </LabeledField>
      <LabeledField label="Embeddings provider">
        <select className="input" name="provider" defaultValue="openai-compatible">
          <option value="openai-compatible">OpenAI-compatible</option>
          <option value="ollama">Ollama</option>
          <option value="mistral">Mistral</option>
          <option value="google">Google</option>
        </select>
      </LabeledField>
      <LabeledField label="Base URL">
        <input className="input" name="baseUrl" placeholder="the provider's default" />
      </LabeledField>
      <LabeledField label="Embedding model">
        <input className="input" name="model" placeholder="text-embedding-3-small" required />
      </LabeledField>
      <LabeledField label="API key secret">
        <input className="input" name="apiKeySecret" placeholder="e.g. OPENAI_API_KEY" />
      </LabeledField>
      <LabeledField label="Chunk size">
        <input className="input" name="chunkSize" type="number" min={1} placeholder="1000" />
      </LabeledField>
      <LabeledField label="Chunk overlap">
        <input className="input" name="chunkOverlap" type="number" min={0} placeholder="200" />
      </LabeledField>
      <Button type="submit">Create knowledge base</Button>
    </form>
  );
}

/** A form field with its name shown above it (the name is also its accessible label). */
function LabeledField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="field">
      <span className="field-label">{label}</span>
      {children}
    </label>
  );
}

/** `act` is given to editors only: it deletes the document. */
function DocumentRow({ baseId, document, act }: { baseId: string; document: KnowledgeDocumentView; act?: Act }) {
  const progress =
    document.status === "ready"
      ? `${document.chunkCount} ${document.chunkCount === 1 ? "chunk" : "chunks"}`
      : `${document.embeddedCount}/${document.chunkCount}`;
  return (
    <li className="knowledge-document" data-testid="knowledge-document" data-status={document.status}>
      <span className="knowledge-document-name">{document.name}</span>
      <span className="muted">{document.mediaType}</span>
      <span data-testid="knowledge-document-status">{document.status}</span>
      <span className="muted">{progress}</span>
      {document.error && <span className="knowledge-error">{document.error}</span>}
      {act && <DeleteDocumentButton baseId={baseId} document={document} act={act} />}
    </li>
  );
}

function AddDocumentForm({ base, act }: { base: Base; act: Act }) {
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = event.currentTarget;
    const form = new FormData(target);
    const file = form.get("file");
    const upload =
      file instanceof File && file.size > 0
        ? await fileUpload(file)
        : { name: field(form, "docName"), text: String(form.get("text") ?? "") };
    if (await act(sendKnowledge(`/${base.id}/documents`, upload))) target.reset();
  };
  return (
    <form className="knowledge-form" onSubmit={submit} data-testid="knowledge-upload">
      <input name="file" type="file" accept=".txt,.md,.markdown,.html,.htm,.pdf" aria-label="Document file" />
      <input className="input" name="docName" placeholder="or a name for pasted text" aria-label="Document name" />
      <textarea className="input" name="text" placeholder="Pasted text" aria-label="Document text" rows={3} />
      <Button type="submit">Add document</Button>
      <Button type="button" variant="secondary" onClick={() => act(sendKnowledge(`/${base.id}/reindex`))}>
        Index again
      </Button>
    </form>
  );
}

function SearchBox({ base }: { base: Base }) {
  const [hits, setHits] = useState<SearchHit[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const minScore = field(form, "minScore");
    const answer = await sendKnowledge<{ chunks: SearchHit[] }>(`/${base.id}/search`, {
      query: field(form, "query"),
      topK: 5,
      ...(minScore ? { minScore: Number(minScore) } : {}),
    });
    setError(answer.error ?? null);
    setHits(answer.data?.chunks ?? null);
  };
  return (
    <div>
      <form className="knowledge-form" onSubmit={submit} data-testid="knowledge-search">
        <input className="input" name="query" placeholder="Try a search" aria-label="Search query" required />
        <input
          className="input"
          name="minScore"
          type="number"
          step="0.05"
          placeholder="Least score"
          aria-label="Least score"
        />
        <Button type="submit">Search</Button>
      </form>
      {error && <p className="knowledge-error">{error}</p>}
      {hits && hits.length === 0 && <p className="muted">No chunk matches.</p>}
      <ol className="knowledge-hits" data-testid="knowledge-hits">
        {hits?.map((hit) => (
          <li key={`${hit.document}:${hit.chunk}`}>
            <strong>{hit.document}</strong> <span className="muted">chunk {hit.chunk}</span>{" "}
            <span className="muted">score {hit.score}</span>
            <p>{hit.text}</p>
          </li>
        ))}
      </ol>
    </div>
  );
}

export function KnowledgeManager({ bases, canEdit }: Props) {
  const router = useRouter();
  const [error, setError] = useState<string | null>(null);
  const busy = bases.some((base) => base.documents.some((doc) => doc.status === "queued" || doc.status === "indexing"));
  useEffect(() => {
    if (!busy) return;
    const timer = setInterval(() => router.refresh(), 1500);
    return () => clearInterval(timer);
  }, [busy, router]);
  const act = async (failure: Promise<{ error?: string }>) => {
    const { error: message } = await failure;
    setError(message ?? null);
    if (!message) router.refresh();
    return !message;
  };
  return (
    <div className="knowledge">
      {canEdit && <CreateBaseForm act={act} />}
      {error && (
        <p className="knowledge-error" role="alert" data-testid="knowledge-error">
          {error}
        </p>
      )}
      {bases.length === 0 && <p className="muted">No knowledge bases yet.</p>}
      {bases.map((base) => (
        <section key={base.id} id={`kb-${base.name}`} className="knowledge-base" data-testid="knowledge-base">
          <h2>{base.name}</h2>
          <p className="muted">
            {base.description} — {base.embedding.provider} · {base.embedding.model} · chunks of {base.chunkSize},
            overlap {base.chunkOverlap}
          </p>
          <ul className="knowledge-documents">
            {base.documents.map((document) => (
              <DocumentRow key={document.id} baseId={base.id} document={document} act={canEdit ? act : undefined} />
            ))}
          </ul>
          {canEdit && <AddDocumentForm base={base} act={act} />}
          <SearchBox base={base} />
        </section>
      ))}
    </div>
  );
}
