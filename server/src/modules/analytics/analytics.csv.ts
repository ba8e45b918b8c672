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
