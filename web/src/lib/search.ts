/** True when `query` (trimmed, case-insensitive) is a substring of any of the fields; an empty query matches everything. */
export function matchesSearch(query: string, fields: ReadonlyArray<string | null | undefined>): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return fields.some((field) => field != null && field.toLowerCase().includes(needle));
}
