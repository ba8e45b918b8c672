import { type CsvValue, csvLine } from '../../shared/csv.js';
import type { ExportedCode } from '../qrcodes/qrcodes.service.js';

/**
 * Our export, pure: a code as one CSV line or one JSON item, holding everything a new code needs
 * to be the same code again (import reads the same columns). Rules travel as their definitions
 * (a rule id means nothing in another workspace); the password as its stored hash.
 */

/** A rule as an export carries it; `id` says which rule it was, import matches by definition. */
export interface RuleDefinition {
  id?: string;
  name: string;
  enabled: boolean;
  when: unknown;
  then: unknown;
}

/** The columns of export.csv, in order; import takes the same (output-only ones are skipped). */
export const OUR_COLUMNS = [
  'id',
  'slug',
  'hostname',
  'shortUrl',
  'mode',
  'target',
  'title',
  'tags',
  'enabled',
  'data',
  'exec',
  'style',
  'rules',
  'activeFrom',
  'expiresAt',
  'maxScans',
  'expiredTarget',
  'utm',
  'apps',
  'passwordHash',
  'createdAt',
  'updatedAt',
  'scans',
] as const;

export const CSV_HEADER = csvLine(OUR_COLUMNS);

/** The exported form of a code: its fields, its rules' definitions, no image and no warnings. */
export function exportItem(code: ExportedCode, rules: ReadonlyMap<string, RuleDefinition>) {
  return {
    id: code.id,
    slug: code.slug,
    hostname: code.hostname,
    shortUrl: code.shortUrl,
    mode: code.mode,
    target: code.target,
    title: code.title,
    tags: code.tags,
    enabled: code.enabled,
    data: code.data,
    exec: code.exec,
    style: code.style,
    rules: code.rules.flatMap((id) => {
      const rule = rules.get(id);
      return rule ? [rule] : [];
    }),
    activeFrom: code.activeFrom,
    expiresAt: code.expiresAt,
    maxScans: code.maxScans,
    expiredTarget: code.expiredTarget,
    utm: code.utm,
    apps: code.apps,
    passwordHash: code.passwordHash,
    createdAt: code.createdAt,
    updatedAt: code.updatedAt,
    scans: code.scans.total,
  };
}

export type ExportItem = ReturnType<typeof exportItem>;

const isEmpty = (value: unknown) =>
  value === null || value === undefined || (Array.isArray(value) && value.length === 0);

/** Tags joined by |, or a JSON list when a tag holds a | itself. */
function tagsCell(tags: string[]): string {
  return tags.some((tag) => tag.includes('|')) ? JSON.stringify(tags) : tags.join('|');
}

/**
 * One code as a line of export.csv: objects as JSON, empty for none. Text a spreadsheet would run
 * as a formula (a title `=HYPERLINK(...)`) is guarded by the writer; import takes the guard off.
 */
export function csvRowOf(item: ExportItem): string {
  return csvLine(
    OUR_COLUMNS.map((column): CsvValue => {
      const value = item[column];
      if (isEmpty(value)) return null;
      if (column === 'tags') return tagsCell(value as string[]);
      if (typeof value === 'object') return JSON.stringify(value);
      return value as CsvValue;
    }),
  );
}
