import type { IdPrefix } from './ids.js';
import { validationFailed } from './problem.js';

/** What a list route's query says about the page: its size (the schema bounds it) and where it starts. */
export interface PageQuery {
  limit?: number | undefined;
  cursor?: string | undefined;
}

/** The window a repository reads: ids below `before` (the last id of the previous page), `limit` rows. */
export interface PageWindow {
  before: string | undefined;
  limit: number;
}

export const DEFAULT_PAGE_SIZE = 50;

/**
 * A cursor is the last id of a page in base64url, so clients treat it as opaque. Ids sort by
 * creation, so "ids below the cursor" is the next page, newest first.
 */
const encodeCursor = (id: string): string => Buffer.from(id, 'utf8').toString('base64url');

function decodeCursor(cursor: string, prefix: IdPrefix): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!new RegExp(`^${prefix}_[0-9a-z]{26}$`).test(id)) {
    throw validationFailed([{ path: '/query/cursor', message: 'is not a cursor this API gave out' }]);
  }
  return id;
}

/**
 * One page of a list of objects whose ids carry `prefix`: reads one row more than the page holds
 * to learn whether another page follows, and answers its cursor.
 */
export async function readPage<Row extends { id: string }>(
  query: PageQuery,
  prefix: IdPrefix,
  readRows: (window: PageWindow) => Promise<Row[]>,
): Promise<{ rows: Row[]; nextCursor: string | null }> {
  const limit = query.limit ?? DEFAULT_PAGE_SIZE;
  const before = query.cursor === undefined ? undefined : decodeCursor(query.cursor, prefix);
  const rows = await readRows({ before, limit: limit + 1 });
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { rows: page, nextCursor: rows.length > limit && last ? encodeCursor(last.id) : null };
}
