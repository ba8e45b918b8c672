import type { Kysely } from 'kysely';
import type { Database, Dialect } from '../../db/database.js';
import { Problem } from '../../shared/problem.js';
import { codeFilterOf } from './code-filter.js';
import { payloadOf, stateOf } from './code-state.js';
import type { CodeLogos } from './qrcodes.logo.js';
import { findCodeNames, findCodesByIds, listCodes } from './qrcodes.repository.js';
import type { CodeFilterInput } from './qrcodes.schemas.js';

/** Most codes one ZIP or print sheet call takes: 10,000 (a print run; the bench draws that many). */
export const MAX_PRINT_CODES = 10_000;

/** Codes read from the database at a time while a ZIP or sheet streams. */
const CHUNK = 100;

export type PrintSelection = { ids: string[] } | { filter: CodeFilterInput };

/** What names a code's file: its slug, and its host ('' for the primary short host). */
export interface PrintEntry {
  id: string;
  slug: string;
  hostKey: string;
}

/** A code ready to draw: the text its symbol encodes, its stored style with the logo inlined. */
export interface PrintableCode extends PrintEntry {
  title: string | null;
  data: string;
  style: unknown;
}

/**
 * The codes a ZIP or print sheet draws, for the printing module: the selection is resolved to a
 * list of entries first (ids, slugs and hosts only, so 10,000 is small), then the codes are read
 * and handed out a chunk at a time while the caller writes its file.
 */
export class CodePrints {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: { dialect: Dialect; shortBase: string; logos: CodeLogos },
  ) {}

  /**
   * The entries of a selection, in the order given (ids) or newest first (filter). Ids the
   * workspace does not hold make the whole call a 404 naming them (no partial print run); more than
   * MAX_PRINT_CODES, or none, is a 422.
   */
  async select(workspaceId: string, selection: PrintSelection): Promise<PrintEntry[]> {
    const entries =
      'ids' in selection
        ? await this.byIds(workspaceId, selection.ids)
        : await this.byFilter(workspaceId, selection.filter);
    if (entries.length === 0) {
      const path = 'ids' in selection ? '/body/ids' : '/body/filter';
      throw new Problem('unprocessable', 'The selection holds no code.', {
        errors: [{ path, message: 'selects no code' }],
      });
    }
    return entries;
  }

  private async byIds(workspaceId: string, ids: string[]): Promise<PrintEntry[]> {
    const unique = [...new Set(ids)];
    const found = new Map<string, PrintEntry>();
    for (let i = 0; i < unique.length; i += 500) {
      for (const row of await findCodeNames(this.db, workspaceId, unique.slice(i, i + 500))) {
        found.set(row.id, { id: row.id, slug: row.slug, hostKey: row.host_key });
      }
    }
    const missing = unique.filter((id) => !found.has(id));
    if (missing.length > 0) {
      const named = missing.slice(0, 20);
      throw new Problem(
        'not_found',
        `No QR code with ${missing.length === 1 ? 'this id' : 'these ids'} exists in this account: ${named.join(', ')}${missing.length > named.length ? ` and ${missing.length - named.length} more` : ''}.`,
        {
          errors: named.map((id) => ({
            path: `/body/ids/${ids.indexOf(id)}`,
            message: 'is not a code of this workspace',
          })),
          extensions: { missing: named },
        },
      );
    }
    return unique.map((id) => found.get(id) as PrintEntry);
  }

  private async byFilter(workspaceId: string, filter: CodeFilterInput): Promise<PrintEntry[]> {
    const entries: PrintEntry[] = [];
    let before: string | undefined;
    for (;;) {
      const rows = await listCodes(this.db, this.options.dialect, workspaceId, {
        ...codeFilterOf(filter),
        before,
        limit: 500,
      });
      for (const row of rows) entries.push({ id: row.id, slug: row.slug, hostKey: row.host_key });
      if (entries.length > MAX_PRINT_CODES) {
        throw new Problem(
          'unprocessable',
          `The filter selects more than ${MAX_PRINT_CODES} codes; narrow it.`,
          {
            errors: [{ path: '/body/filter', message: `selects more than ${MAX_PRINT_CODES} codes` }],
          },
        );
      }
      if (rows.length < 500) return entries;
      before = rows.at(-1)?.id;
    }
  }

  /** The selected codes, ready to draw, in the entries' order: read a chunk at a time. */
  async *codes(workspaceId: string, entries: readonly PrintEntry[]): AsyncGenerator<PrintableCode> {
    for (let i = 0; i < entries.length; i += CHUNK) {
      const chunk = entries.slice(i, i + CHUNK);
      const rows = new Map(
        (
          await findCodesByIds(
            this.db,
            workspaceId,
            chunk.map((entry) => entry.id),
          )
        ).map((row) => [row.id, row]),
      );
      for (const entry of chunk) {
        const row = rows.get(entry.id);
        // Deleted since the selection was read: left out rather than failing a half-written file.
        if (!row) continue;
        const state = stateOf(row);
        yield {
          ...entry,
          title: state.title,
          data: payloadOf(state, this.options.shortBase),
          style: await this.options.logos.inline(state.style),
        };
      }
    }
  }
}
