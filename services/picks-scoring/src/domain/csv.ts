/**
 * CSV files of the exports (RFC 4180), pure.
 *
 * - Fields holding a comma, a double quote, CR or LF are quoted, and their quotes doubled.
 * - Records end with CRLF (the last one too); the file starts with a UTF-8 byte-order mark so
 *   spreadsheet programs read names with accents as UTF-8.
 * - Formula neutralising (CSV injection): a spreadsheet runs a cell starting with `=`, `+`, `-`,
 *   `@`, tab or CR as a formula. Every **string** cell starting with one of them gets a leading
 *   `'`. Numbers are typed `number` and written as numbers (a -3 power bonus stays -3), so the
 *   rule is: what we compute is a number, everything else (display names, e-mails, team
 *   abbreviations, our own labels) is a string and neutralised. Our own labels never start with
 *   those characters, so they come out unchanged; nothing has to remember to mark untrusted text.
 */

/** One cell: a string (neutralised), a number we computed (written as is), or empty. */
export type CsvCell = string | number | null | undefined;

/** The characters that make a spreadsheet read a cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** What makes a field need quotes. */
const NEEDS_QUOTES = /[",\r\n]/;

export const CSV_LINE_END = '\r\n';
export const CSV_BOM = '\uFEFF';

/** A string that would start a formula, made inert with a leading `'`. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** One field as written: numbers as they are, strings neutralised then quoted when needed. */
export function csvField(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) throw new Error(`CSV: ${cell} is not a number a spreadsheet can read`);
    return String(cell);
  }
  const text = neutraliseFormula(cell);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: a header record, then one record per row, each ended by CRLF, after the BOM. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  const records = [header, ...rows].map((record) => record.map(csvField).join(',') + CSV_LINE_END);
  return CSV_BOM + records.join('');
}

/**
 * A file-name part from a pool's name: lower case, accents dropped, every run of other characters
 * than letters and digits (any script) one `-`; `pool` when nothing is left.
 */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return slug || 'pool';
}
