import type SQLite from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Pool } from 'pg';
import type { Database, Dialect } from '../../db/database.js';
import type { ChangeBus } from '../../shared/change-bus.js';
import { edgeCodeRows, postgresRedirectReader, sqliteRedirectReader } from './edge-code.repository.js';
import { EdgeCodeFile } from './edge-code-file.js';
import type { RedirectRow } from './edge-fields.js';
import { controlsOf, type LinkControls } from './link-controls.js';
import type { CodeMode, ExecSettings } from './qrcodes.validate.js';

/** What the redirect edge needs of a code, and nothing else. */
export interface RedirectCode {
  id: string;
  workspaceId: string;
  slug: string;
  /** '' for the primary host, otherwise the custom hostname. */
  hostKey: string;
  mode: CodeMode;
  target: string | null;
  exec: ExecSettings | null;
  enabled: boolean;
  /** Rule ids in evaluation order. */
  ruleIds: string[];
  /** Link controls (link-controls.ts), the password as its stored hash. */
  controls: LinkControls;
}

/** The edge's read of a code's row: synchronous on SQLite, batched (a promise) on PostgreSQL. */
type EdgeRowReader = (
  hostKey: string,
  slug: string,
) => RedirectRow | undefined | Promise<RedirectRow | undefined>;

export interface EdgeCodeLookupOptions {
  dialect: Dialect;
  /** The raw SQLite connection when on SQLite: the edge's read of a code runs on it, prepared once. */
  sqlite?: SQLite.Database | undefined;
  /** PostgreSQL's pool when on PostgreSQL: the edge's reads of codes go through it, batched. */
  pgPool?: Pool | undefined;
  /** The bus `code.changed` comes on: the edge code file forgets each changed code. */
  changes: ChangeBus;
  /**
   * The edge's file of every code (edge-code-file.ts), in `dir`: absent, the edge reads each code
   * it has not cached from the database.
   */
  edgeCodeFile?: { dir: string; log: FastifyBaseLogger } | undefined;
}

/**
 * The redirect edge's read of a code by where it is served, apart from the admin API's service
 * (QrCodesService), as a resolver is kept apart from the service that edits what it resolves: it
 * reads a few columns (edge-fields.ts) by (host, slug), whichever workspace owns the code, and
 * writes nothing.
 */
export class EdgeCodeLookup {
  /**
   * The edge's read of a code, made at the first read: SQLite's prepared statement (synchronous)
   * or PostgreSQL's batching reader.
   */
  private readRow: EdgeRowReader | undefined;
  /** Every code as the edge reads it, in a file (when configured; the module builds it at start). */
  readonly codeFile: EdgeCodeFile | undefined;

  constructor(
    db: Kysely<Database>,
    private readonly options: EdgeCodeLookupOptions,
  ) {
    this.codeFile = options.edgeCodeFile && edgeCodeFileOf(db, options, options.edgeCodeFile);
  }

  /**
   * The code served at (host, slug), whichever account owns it. From the edge's code file when it
   * holds the code (one page read, no promise); else from the database, and the row read is stored
   * in the file. On SQLite that read comes without a promise too (one synchronous statement): a
   * cold scan's read is then a call, not a trip through the microtask queue. On PostgreSQL the
   * lookups of one turn of the event loop share a query (`postgresRedirectReader`).
   */
  findForRedirect(
    hostKey: string,
    slug: string,
  ): RedirectCode | undefined | Promise<RedirectCode | undefined> {
    const { codeFile } = this;
    const stored = codeFile?.get(hostKey, slug);
    if (stored) return redirectCodeOf(stored);
    this.readRow ??= this.rowReader();
    const readMark = codeFile?.readMark ?? 0;
    const row = this.readRow(hostKey, slug);
    const answer = (read: RedirectRow | undefined) => {
      codeFile?.remember(read, readMark);
      return redirectCodeOf(read);
    };
    return row instanceof Promise ? row.then(answer) : answer(row);
  }

  private rowReader(): EdgeRowReader {
    const { sqlite, pgPool } = this.options;
    if (sqlite) return sqliteRedirectReader(sqlite);
    if (pgPool) return postgresRedirectReader(pgPool);
    throw new Error('the edge reads codes through the SQLite connection or the PostgreSQL pool');
  }
}

/** The edge's code file, following every instance's changes (this one's included) from the start. */
function edgeCodeFileOf(
  db: Kysely<Database>,
  options: EdgeCodeLookupOptions,
  file: { dir: string; log: FastifyBaseLogger },
): EdgeCodeFile {
  const codeFile = new EdgeCodeFile(edgeCodeRows(db, options.dialect), file);
  options.changes.subscribe('code.changed', ({ hostKey, slug, created }) => {
    // The file holds codes read from the database, never an absence: a new code has nothing there.
    if (!created) codeFile.changed(hostKey, slug);
  });
  return codeFile;
}

function redirectCodeOf(row: RedirectRow | undefined): RedirectCode | undefined {
  if (!row) return undefined;
  return {
    id: row.id,
    workspaceId: row.account_id,
    slug: row.slug,
    hostKey: row.host_key,
    mode: row.mode,
    target: row.target,
    exec: row.exec_json === null ? null : (JSON.parse(row.exec_json) as ExecSettings),
    enabled: row.enabled === 1,
    ruleIds: row.rule_ids,
    controls: controlsOf(row),
  };
}
