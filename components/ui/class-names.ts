/** Joins class names, skipping falsy ones, so conditional classes read as one expression. */
export function cx(...names: (string | false | null | undefined)[]): string {
  return names.filter(Boolean).join(" ");
}
