// The CSV lines themselves are the server's one writer (shared/csv.ts); this file names the downloads.

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
