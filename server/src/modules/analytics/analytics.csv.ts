/**
 * CSV (RFC 4180) for the exports: fields with a comma, quote or line break are quoted, and a text
 * field starting with = + - @ or a tab is prefixed with ' so a spreadsheet shows it instead of
 * running it (CSV injection).
 */
export function csvField(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(fields: readonly (string | number | boolean | null | undefined)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

/** A name part of a file name: lower case, letters, digits and dashes ("Spring menu!" → "spring-menu"). */
function fileNamePart(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
}

/**
 * What a CSV download is called: what it holds, of what, and the local dates it covers (the last
 * one inclusive), e.g. `scans-spring-menu-2026-11-01-2026-11-30.csv`.
 */
export function csvFileName(
  what: string,
  subject: string | undefined,
  firstDay: string,
  lastDay: string,
): string {
  const parts = [fileNamePart(what), subject ? fileNamePart(subject) : '', firstDay, lastDay];
  return `${parts.filter((part) => part !== '').join('-')}.csv`;
}
