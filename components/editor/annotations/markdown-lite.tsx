/**
 * The little markdown a sticky note understands — `#` headings, `-` lists, **bold**, *italic*,
 * `code` and links — rendered as React elements (never as HTML), so a note cannot inject markup.
 */
import type { ReactNode } from "react";

const INLINE = /(\*\*[^*]+\*\*|\*[^*\s][^*]*\*|`[^`]+`|\[[^\]]+\]\(https?:\/\/[^)\s]+\))/g;

function inline(text: string, key: string): ReactNode[] {
  return text.split(INLINE).map((part, index) => {
    const k = `${key}-${index}`;
    if (part.startsWith("**") && part.endsWith("**") && part.length > 4)
      return <strong key={k}>{part.slice(2, -2)}</strong>;
    if (part.startsWith("`") && part.endsWith("`") && part.length > 2) return <code key={k}>{part.slice(1, -1)}</code>;
    const link = /^\[([^\]]+)\]\((https?:\/\/[^)\s]+)\)$/.exec(part);
    if (link)
      return (
        <a key={k} href={link[2]} target="_blank" rel="noreferrer noopener">
          {link[1]}
        </a>
      );
    if (part.startsWith("*") && part.endsWith("*") && part.length > 2) return <em key={k}>{part.slice(1, -1)}</em>;
    return part;
  });
}

/** Blocks of the note: headings, list runs and paragraphs, split on lines. */
export function MarkdownLite({ text }: { text: string }) {
  const blocks: ReactNode[] = [];
  let list: ReactNode[] = [];
  const flushList = () => {
    if (list.length > 0) blocks.push(<ul key={`ul-${blocks.length}`}>{list}</ul>);
    list = [];
  };
  text.split("\n").forEach((line, index) => {
    const key = `b-${index}`;
    const item = /^\s*[-*]\s+(.*)$/.exec(line);
    if (item) return void list.push(<li key={key}>{inline(item[1], key)}</li>);
    flushList();
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (heading) {
      const Tag = (["h3", "h4", "h5"] as const)[heading[1].length - 1];
      blocks.push(<Tag key={key}>{inline(heading[2], key)}</Tag>);
    } else if (line.trim() !== "") blocks.push(<p key={key}>{inline(line, key)}</p>);
  });
  flushList();
  return <>{blocks}</>;
}
