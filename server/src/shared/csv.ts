/**
 * CSV as the server writes it, every file alike (the codes export, the analytics exports): RFC 4180
 * (CRLF lines; a field quoted when it holds a comma, a quote or a line break, or begins or ends with
 * a space), and text that a spreadsheet would run as a formula guarded (CSV injection).
 *
 * The guard puts a `'` before text that begins with `=`, `+`, `-`, `@`, a tab or a CR, and before
 * text that begins with `'`s followed by one of those, so that `unguardCsvText` can take exactly
 * one `'` off again: our own export imports back to the very same text.
 */

export type CsvValue = string | number | boolean | null | undefined;

/** Text that begins (after any `'`s) with what a spreadsheet reads as the start of a formula. */
const FORMULA_START = /^'*[=+\-@\t\r]/;

/** Text as written to a cell: guarded when a spreadsheet would run it. */
export function guardCsvText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The text a guarded cell stood for (our importer reads our export with it); other text as it is. */
export function unguardCsvText(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** One field: none is empty, numbers and booleans as they are, text guarded and quoted where needed. */
export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const text = guardCsvText(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record as a line (CRLF, as RFC 4180 says). */
export function csvLine(fields: readonly CsvValue[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}
