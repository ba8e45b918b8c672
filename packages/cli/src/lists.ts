import type { Query } from './api.js';
import type { Context } from './context.js';
import { type Column, printJson, printTable } from './output.js';

export interface PageOptions {
  limit?: string;
  cursor?: string;
  all?: boolean;
}

/** `--limit`, `--cursor` and `--all` on every list command. */
export function pageQuery(options: PageOptions): Query {
  return { limit: options.limit, cursor: options.cursor };
}

/**
 * One page, or with `--all` every page (following nextCursor). JSON output is the API's list shape:
 * `{ data, nextCursor }`, with every row and `nextCursor: null` for `--all`.
 */
export async function printList<T>(
  context: Context,
  path: string,
  query: Query,
  options: PageOptions,
  columns: Column<T>[],
): Promise<void> {
  const api = context.api();
  const rows: T[] = [];
  let nextCursor: string | null = null;
  for await (const page of api.pages<T>(path, { ...query, ...pageQuery(options) })) {
    rows.push(...page.data);
    nextCursor = page.nextCursor;
    if (!options.all) break;
  }
  if (context.output.json) return printJson(context.output, { data: rows, nextCursor });
  printTable(context.output, rows, columns);
  if (nextCursor) {
    context.output.err(context.output.paint('dim', `More: --cursor ${nextCursor} (or --all)`));
  }
}
