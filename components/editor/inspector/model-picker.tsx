"use client";
/**
 * The model field of a provider that lists its models: the row's suggestions at first, and on
 * "List models" the models the provider itself offers (POST /api/models, which reads the node's key
 * from its secret on the server). Any other model id may still be typed.
 */
import { List, LoaderCircle } from "lucide-react";
import { useState } from "react";
import type { ModelList } from "@/lib/agent/model-list";
import { PROVIDER_SETTING_PARAMS } from "@/lib/agent/provider-table";
import { isSecretRef } from "@/lib/secrets/secret-ref";
import { useCancellablePost } from "@/hooks/use-cancellable-post";
import { useEditorStore } from "../editor-store-context";
import { SuggestedTextInput, type SuggestedTextInputProps } from "./suggested-text-input";
import "./row-editors.css";

/** What the server needs to ask the provider: its base URL and settings, and the key by secret name only. */
function listingParams(params: Record<string, unknown>): Record<string, unknown> {
  const picked: Record<string, unknown> = {};
  for (const param of PROVIDER_SETTING_PARAMS) if (typeof params[param] === "string") picked[param] = params[param];
  if (isSecretRef(params.apiKey)) picked.apiKey = params.apiKey;
  return picked;
}

type Listed = { provider: string; models: string[] } | { provider: string; error: string };

export function ModelPicker({ nodeId, ...props }: Omit<SuggestedTextInputProps, "suggestions"> & { nodeId: string }) {
  const params = useEditorStore((state) => state.nodes.find((node) => node.id === nodeId)?.data.params) ?? {};
  const provider = String(params.provider ?? "");
  const { pending, post } = useCancellablePost<ModelList>("/api/models");
  const [listed, setListed] = useState<Listed | null>(null);
  const current = listed?.provider === provider ? listed : null;
  const suggestions = current && "models" in current ? current.models : props.field.options?.map((o) => o.value);

  const list = async () => {
    const answer = await post({ provider, params: listingParams(params) });
    if (answer) setListed(answer.ok ? { provider, models: answer.models } : { provider, error: answer.error });
  };

  return (
    <>
      <div className="model-picker">
        <SuggestedTextInput {...props} suggestions={suggestions} />
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={list}
          disabled={pending}
          data-testid={`${props.testId}-list`}
          title="Ask the provider which models it offers"
        >
          {pending ? <LoaderCircle size={13} className="spin" aria-hidden /> : <List size={13} aria-hidden />} List
          models
        </button>
      </div>
      {current && "models" in current && (
        <p className="field-note" data-testid={`${props.testId}-listed`}>
          {current.models.length === 0
            ? "The provider offers no models."
            : `${current.models.length} model${current.models.length === 1 ? "" : "s"} from the provider: pick one ` +
              "or type an id."}
        </p>
      )}
      {current && "error" in current && (
        <p className="field-error" data-testid={`${props.testId}-list-error`}>
          {current.error}
        </p>
      )}
    </>
  );
}
