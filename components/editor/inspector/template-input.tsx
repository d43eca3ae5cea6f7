"use client";
/**
 * A multi-line text field with `{{nodeLabel.output}}` completion: typing `{{` lists the outputs of
 * upstream nodes; arrows pick, Enter or Tab or a click inserts.
 */
import { useRef, useState, type KeyboardEvent, type RefObject } from "react";
import { cx } from "@/components/ui/class-names";
import type { UpstreamOutput } from "../upstream-outputs";

type TemplateInputProps = {
  id: string;
  testId: string;
  value: string;
  placeholder?: string;
  invalid?: boolean;
  rows?: number;
  suggestions: UpstreamOutput[];
  onChange: (value: string) => void;
};

/** The unfinished `{{…` just before the caret, if any. */
function openPlaceholder(text: string, caret: number): { start: number; typed: string } | null {
  const match = /\{\{([^{}\n]*)$/.exec(text.slice(0, caret));
  return match ? { start: match.index, typed: match[1].trim().toLowerCase() } : null;
}

export function TemplateInput({
  id,
  testId,
  value,
  placeholder,
  invalid,
  rows = 4,
  suggestions,
  onChange,
}: TemplateInputProps) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const completion = useCompletion(ref, value, suggestions, onChange);
  return (
    <div className="template-input">
      <textarea
        ref={ref}
        id={id}
        data-testid={testId}
        className="input textarea"
        rows={rows}
        placeholder={placeholder}
        value={value}
        aria-invalid={invalid}
        aria-autocomplete="list"
        aria-expanded={completion.matches.length > 0}
        onChange={(e) => {
          onChange(e.target.value);
          completion.track(e.target.value, e.target.selectionStart);
        }}
        onKeyDown={completion.onKeyDown}
        onBlur={() => setTimeout(completion.close, 120)}
      />
      {completion.isOpen && (
        <SuggestionList testId={testId} completion={completion} anyUpstream={suggestions.length > 0} />
      )}
    </div>
  );
}

type SuggestionListProps = { testId: string; completion: ReturnType<typeof useCompletion>; anyUpstream: boolean };

function SuggestionList({ testId, completion, anyUpstream }: SuggestionListProps) {
  return (
    <ul className="template-suggestions" role="listbox" data-testid={`${testId}-suggestions`}>
      {completion.matches.map((s, i) => (
        <li key={s.token} role="option" aria-selected={i === completion.active}>
          <button
            type="button"
            className={cx(i === completion.active && "is-active")}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => completion.insert(s)}
          >
            <code>{s.token}</code>
            <span>
              {s.portLabel} of {s.nodeLabel}
            </span>
          </button>
        </li>
      ))}
      {completion.matches.length === 0 && (
        <li className="template-suggestions-empty">
          {anyUpstream ? "No upstream output matches." : "Connect a node into this one to use its output here."}
        </li>
      )}
    </ul>
  );
}

/** The open `{{…`, the suggestions matching it, the one the arrows picked, and inserting one in place. */
function useCompletion(
  ref: RefObject<HTMLTextAreaElement | null>,
  value: string,
  suggestions: UpstreamOutput[],
  onChange: (value: string) => void,
) {
  const [open, setOpen] = useState<{ start: number; typed: string } | null>(null);
  const [active, setActive] = useState(0);
  const matches = open ? suggestions.filter((s) => s.token.toLowerCase().includes(open.typed)) : [];

  const track = (text: string, caret: number) => {
    setOpen(openPlaceholder(text, caret));
    setActive(0);
  };

  const insert = (suggestion: UpstreamOutput) => {
    const el = ref.current;
    if (!el || !open) return;
    const caret = el.selectionStart;
    const next = value.slice(0, open.start) + suggestion.token + value.slice(caret).replace(/^[^{}\s]*\}\}/, "");
    onChange(next);
    setOpen(null);
    const at = open.start + suggestion.token.length;
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(at, at);
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (matches.length === 0) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => (i + (event.key === "ArrowDown" ? 1 : matches.length - 1)) % matches.length);
    } else if (event.key === "Enter" || event.key === "Tab") {
      event.preventDefault();
      insert(matches[active]);
    } else if (event.key === "Escape") {
      event.stopPropagation();
      setOpen(null);
    }
  };

  return { isOpen: open !== null, matches, active, track, insert, onKeyDown, close: () => setOpen(null) };
}
