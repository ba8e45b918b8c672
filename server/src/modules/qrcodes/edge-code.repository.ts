import type SQLite from 'better-sqlite3';
import DataLoader from 'dataloader';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Pool } from 'pg';
import type { Database, Dialect } from '../../db/database.js';
import { EDGE_COLUMNS, EDGE_TEXT_COLUMNS, type RedirectRow } from './edge-fields.js';

/**
 * The redirect edge's reads of the qrcodes table, apart from the admin API's
 * (qrcodes.repository.ts): one code by (host, slug) on each engine, and every code a page at a
 * time for the edge code file. The columns are those of edge-fields.ts.
 */

/** The row as the query answers it: SQLite gives the rule ids as one string, PostgreSQL as an array. */
type StoredRedirectRow = Omit<RedirectRow, 'rule_ids'> & { rule_ids: string[] | string | null };

/** The columns the edge reads, all in the `qrcodes_edge_covering` index (a covering index, no table read). */
const REDIRECT_COLUMNS = EDGE_COLUMNS.join(', ');

/**
 * The code served at (host, slug) with its rule ids, in one query: on a cache miss this is all
 * the edge waits for, and with many codes scanned at random nearly every scan is one. On SQLite
 * the edge reads through `sqliteRedirectReader` instead (same query, no query builder).
 */
export async function findRedirectRow(
  db: Kysely<Database>,
  dialect: Dialect,
  hostKey: string,
  slug: string,
): Promise<RedirectRow | undefined> {
  const { rows } = await sql<StoredRedirectRow>`
    select ${sql.raw(REDIRECT_COLUMNS)}, ${ruleIdsOf(dialect)} as rule_ids
    from qrcodes where host_key = ${hostKey} and slug = ${slug}`.execute(db);
  return redirectRowOf(rows[0]);
}

/** A code's rule ids in their order: PostgreSQL answers an array, SQLite one comma-joined string. */
function ruleIdsOf(dialect: Dialect): RawBuilder<unknown> {
  return dialect === 'postgres'
    ? sql`array(select rule_id from qrcode_rules where qrcode_id = qrcodes.id order by position)`
    : sql.raw(SQLITE_RULE_IDS);
}

const SQLITE_RULE_IDS =
  "(select group_concat(rule_id, ',' order by position) from qrcode_rules where qrcode_id = qrcodes.id)";

/**
 * The edge's read of one code on SQLite (docs/adr/2026-11-26-cold-code-read.md): one statement,
 * prepared once and run synchronously on the raw connection. Through the query builder the same
 * read cost about three times as much (compiling the query, the driver's promise and queue)
 * as the lookup itself, and with a million codes scanned at random nearly every scan reads.
 */
export function sqliteRedirectReader(
  sqlite: SQLite.Database,
): (hostKey: string, slug: string) => RedirectRow | undefined {
  const statement = sqlite.prepare<[string, string], StoredRedirectRow>(
    // Without statistics SQLite takes the unique index (one row, then the table); `indexed by`
    // makes it read the covering index alone (and fail loudly if a migration dropped it).
    `select ${REDIRECT_COLUMNS}, ${SQLITE_RULE_IDS} as rule_ids
     from qrcodes indexed by qrcodes_edge_covering where host_key = ? and slug = ?`,
  );
  return (hostKey, slug) => redirectRowOf(statement.get(hostKey, slug));
}

/** Lookups gathered into one PostgreSQL query at most (the edge's concurrent cache misses). */
const POSTGRES_READ_BATCH = 256;
/** Reads of codes running at once; the lookups that come meanwhile wait and go as one more. */
const POSTGRES_READS_IN_FLIGHT = 2;
const QUALIFIED_REDIRECT_COLUMNS = EDGE_COLUMNS.map((column) => `q.${column}`).join(', ');
/** Named, so each pooled connection parses and plans it once (a plan per batch cost more than its lookups). */
const POSTGRES_READ = {
  name: 'rq_edge_codes',
  text: `select ${QUALIFIED_REDIRECT_COLUMNS},
      array(select rule_id from qrcode_rules where qrcode_id = q.id order by position) as rule_ids
    from unnest($1::text[], $2::text[]) as wanted(host_key, slug)
    join qrcodes q on q.host_key = wanted.host_key and q.slug = wanted.slug`,
};

/**
 * The edge's read of codes on PostgreSQL (docs/adr/2026-11-26-cold-code-read.md): lookups go
 * together, one array parameter per key column, as one prepared statement. A batch closes at the
 * end of the event loop's turn, or, while two reads are running, when one of them ends: under
 * load the batches grow with the load (as a group commit does), and PostgreSQL's cost of a
 * query, which a batch of a few lookups paid nearly whole per lookup, is shared by many.
 */
export function postgresRedirectReader(
  pool: Pool,
): (hostKey: string, slug: string) => Promise<RedirectRow | undefined> {
  const keyOf = (hostKey: string, slug: string) => `${hostKey}/${slug}`;
  let running = 0;
  const waiting: (() => void)[] = [];
  const loader = new DataLoader<{ hostKey: string; slug: string }, RedirectRow | undefined, string>(
    async (keys) => {
      running++;
      try {
        const { rows } = await pool.query<StoredRedirectRow>({
          ...POSTGRES_READ,
          values: [keys.map((key) => key.hostKey), keys.map((key) => key.slug)],
        });
        const found = new Map(rows.map((row) => [keyOf(row.host_key, row.slug), redirectRowOf(row)]));
        return keys.map((key) => found.get(keyOf(key.hostKey, key.slug)));
      } finally {
        running--;
        waiting.shift()?.();
      }
    },
    {
      // The edge caches codes itself, with change notices; this only gathers.
      cache: false,
      maxBatchSize: POSTGRES_READ_BATCH,
      // After the turn's I/O callbacks, so the requests read in this turn share the query.
      batchScheduleFn: (flush) =>
        setImmediate(() => (running < POSTGRES_READS_IN_FLIGHT ? flush() : waiting.push(flush))),
    },
  );
  return (hostKey, slug) => loader.load({ hostKey, slug });
}

/**
 * Every code as the edge reads it, a page at a time in (host, slug) order after `after` (the
 * previous page's last): what the edge's code file is built from (edge-code-file.ts).
 */
export async function redirectRowsAfter(
  db: Kysely<Database>,
  dialect: Dialect,
  after: { hostKey: string; slug: string } | undefined,
  limit: number,
): Promise<RedirectRow[]> {
  const from = after ? sql`where (host_key, slug) > (${after.hostKey}, ${after.slug})` : sql``;
  const { rows } = await sql<StoredRedirectRow>`
    select ${sql.raw(REDIRECT_COLUMNS)}, ${ruleIdsOf(dialect)} as rule_ids
    from qrcodes ${from} order by host_key, slug limit ${limit}`.execute(db);
  return rows.map((row) => redirectRowOf(row) as RedirectRow);
}

/** Every code as the edge reads it, for its code file's build (edge-code-file.ts). */
export function edgeCodeRows(db: Kysely<Database>, dialect: Dialect) {
  return {
    page: (after: { hostKey: string; slug: string } | undefined, limit: number) =>
      redirectRowsAfter(db, dialect, after, limit),
    volume: () => redirectRowsVolume(db),
  };
}

/** The characters of a code's text columns as the edge code file holds them (the key's too). */
const EDGE_VOLUME = [
  'length(slug) + length(host_key)',
  ...EDGE_TEXT_COLUMNS.map((column) => `coalesce(length(${column}), 0)`),
].join(' + ');

/** How many codes there are, and the characters of their longest columns (to size the edge's file). */
export async function redirectRowsVolume(db: Kysely<Database>): Promise<{ codes: number; chars: number }> {
  const { rows } = await sql<{ codes: number | string; chars: number | string | null }>`
    select count(*) as codes, sum(${sql.raw(EDGE_VOLUME)}) as chars from qrcodes`.execute(db);
  return { codes: Number(rows[0]?.codes ?? 0), chars: Number(rows[0]?.chars ?? 0) };
}

function redirectRowOf(row: StoredRedirectRow | undefined): RedirectRow | undefined {
  if (!row) return undefined;
  // SQLite answers the ids as one string (rule ids never hold a comma), PostgreSQL as an array.
  const ids = row.rule_ids;
  return { ...row, rule_ids: typeof ids === 'string' ? ids.split(',') : (ids ?? []) };
}
