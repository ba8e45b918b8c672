import type { Command } from 'commander';
import type { Context } from './context.js';
import { type Column, printJson, printTable } from './output.js';

export interface PageOptions {
  limit?: string;
  cursor?: string;
  all?: boolean;
}

/** The page a list call asks for: `--limit` and the cursor. */
export interface PageQuery {
  limit?: number;
  cursor?: string;
}

/** One page of a list route (`{ data, nextCursor }`), e.g. `(page) => rq.rules.list({ params: { query: page } })`. */
export type PageCall<T> = (page: PageQuery) => Promise<{ data: T[]; nextCursor: string | null }>;

/**
 * One page, or with `--all` every page (following nextCursor). JSON output is the API's list shape:
 * `{ data, nextCursor }`, with every row and `nextCursor: null` for `--all`.
 */
export async function printList<T>(
  context: Context,
  listPage: PageCall<T>,
  options: PageOptions,
  columns: Column<T>[],
): Promise<void> {
  const rows: T[] = [];
  const limit = options.limit === undefined ? undefined : Number(options.limit);
  let nextCursor: string | null = null;
  let cursor = options.cursor;
  do {
    const page = await listPage({ ...(limit === undefined ? {} : { limit }), ...(cursor ? { cursor } : {}) });
    rows.push(...page.data);
    nextCursor = page.nextCursor;
    cursor = nextCursor ?? undefined;
  } while (options.all && cursor);
  if (context.output.json) return printJson(context.output, { data: rows, nextCursor });
  printTable(context.output, rows, columns);
  if (nextCursor) {
    context.output.err(context.output.paint('dim', `More: --cursor ${nextCursor} (or --all)`));
  }
}

/** The paging options of every list command; `rows` names what a page holds ("rules"). */
export function withPageOptions(command: Command, rows: string): Command {
  return command
    .option('--limit <n>', `${rows} a page (1-100)`)
    .option('--cursor <cursor>', 'the page after this cursor')
    .option('--all', 'every page');
}
