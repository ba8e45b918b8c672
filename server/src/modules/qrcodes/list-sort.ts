import { validationFailed } from '../../shared/problem.js';
import type { CodeSort, CodeSortField, SortedAfter } from './qrcodes.repository.js';

export const SORT_FIELDS: readonly CodeSortField[] = ['slug', 'title', 'scans', 'updatedAt', 'createdAt'];

/** The `sort=` values the list takes: a field, `-` before it for descending. */
export const SORT_VALUES = SORT_FIELDS.flatMap((field) => [field, `-${field}`]);

export function parseSort(value: string): CodeSort {
  const descending = value.startsWith('-');
  return { field: (descending ? value.slice(1) : value) as CodeSortField, descending };
}

const NUMERIC: ReadonlySet<CodeSortField> = new Set(['scans', 'updatedAt', 'createdAt']);

/**
 * A sorted list's cursor: the sort, the last row's sort value and id, in base64url JSON. The sort is
 * inside so a cursor of one order is refused by another (it would skip or repeat rows).
 */
export function encodeSortedCursor(sort: CodeSort, after: SortedAfter): string {
  const value = NUMERIC.has(sort.field) ? Number(after.value) : String(after.value);
  const json = JSON.stringify([sort.descending ? `-${sort.field}` : sort.field, value, after.id]);
  return Buffer.from(json, 'utf8').toString('base64url');
}

export function decodeSortedCursor(cursor: string, sort: CodeSort): SortedAfter {
  const refused = validationFailed([
    { path: '/query/cursor', message: 'is not a cursor this API gave out for this sort' },
  ]);
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw refused;
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw refused;
  const [sortName, value, id] = parsed as unknown[];
  const expected = sort.descending ? `-${sort.field}` : sort.field;
  const valueFits = NUMERIC.has(sort.field) ? Number.isFinite(value) : typeof value === 'string';
  if (sortName !== expected || !valueFits || typeof id !== 'string' || !/^qr_[0-9a-z]{26}$/.test(id)) {
    throw refused;
  }
  return { value: value as string | number, id };
}
