import type { Kysely } from 'kysely';
import type { Database, Dialect } from '../../db/database.js';
import { DEFAULT_PAGE_SIZE, readPage } from '../../shared/pagination.js';
import { notFound } from '../../shared/problem.js';
import { BULK_MAX_ITEMS } from '../plans/plans.js';
import { codeFilterOf } from './code-filter.js';
import type { CodeResources, ScanTotalsSource } from './code-resources.js';
import { decodeSortedCursor, encodeSortedCursor, parseSort } from './list-sort.js';
import type { CodeLogos } from './qrcodes.logo.js';
import {
  type CodeFilter,
  type CodeSort,
  countMatchingCodes,
  findCode,
  listCodes,
  listSortedCodes,
} from './qrcodes.repository.js';
import type { CodeFilterInput, CodeResource, ListQueryInput } from './qrcodes.schemas.js';
import type { QrCodeRow } from './qrcodes.table.js';

/** A code as an export writes it: the resource, its logo inlined, and its stored password hash. */
export type ExportedCode = CodeResource & { passwordHash: string | null };

/** The admin API's reads of a workspace's codes: one, a page of the list, its count, an export. */
export class CodeReads {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: {
      dialect: Dialect;
      resources: CodeResources;
      scans: ScanTotalsSource;
      logos: CodeLogos;
    },
  ) {}

  async get(workspaceId: string, id: string): Promise<CodeResource> {
    const row = await findCode(this.db, workspaceId, id);
    if (!row) throw notFound('QR code');
    const [code] = await this.options.resources.of([row]);
    return code as CodeResource;
  }

  async list(
    workspaceId: string,
    query: ListQueryInput,
  ): Promise<{ data: CodeResource[]; nextCursor: string | null }> {
    const page = await this.readListPage(workspaceId, query);
    return { data: await this.options.resources.of(page.rows), nextCursor: page.nextCursor };
  }

  /**
   * A page of the list as an export writes it: each code as the API shows it, with its style's
   * logo inlined as a data: URL (an asset URL means nothing in another workspace) and its
   * stored password hash (see CreateCodeCommand), so importing it again loses nothing.
   */
  async exportPage(
    workspaceId: string,
    query: ListQueryInput,
  ): Promise<{ data: ExportedCode[]; nextCursor: string | null }> {
    const page = await this.readListPage(workspaceId, query);
    const codes = await this.options.resources.of(page.rows);
    const data = await Promise.all(
      codes.map(async (code, i) => ({
        ...code,
        style: (await this.options.logos.inline(code.style)) as CodeResource['style'],
        passwordHash: (page.rows[i] as QrCodeRow).password_hash,
      })),
    );
    return { data, nextCursor: page.nextCursor };
  }

  /** How many codes pass the list's filters. */
  async count(workspaceId: string, query: CodeFilterInput): Promise<{ total: number }> {
    return {
      total: await countMatchingCodes(this.db, this.options.dialect, workspaceId, codeFilterOf(query)),
    };
  }

  /**
   * The codes a bulk update or delete by `filter` changes in one call: the first `limit` (at most
   * BULK_MAX_ITEMS) the list shows with those filters (newest first) after `cursor`, less
   * `except`; `nextCursor` goes on after them. The cursor is a place in that order, not a count:
   * codes a call changed so that the filter no longer selects them (deleted, or disabled under
   * `enabled: true`) shift nothing.
   */
  async bulkSelection(
    workspaceId: string,
    filter: CodeFilterInput,
    page: { cursor?: string | undefined; limit?: number | undefined; except?: readonly string[] | undefined },
  ): Promise<{ ids: string[]; nextCursor: string | null }> {
    const { cursor, limit = BULK_MAX_ITEMS, except = [] } = page;
    const codes = await readPage({ cursor, limit: Math.min(limit, BULK_MAX_ITEMS) }, 'qr', (window) =>
      listCodes(this.db, this.options.dialect, workspaceId, { ...codeFilterOf(filter), ...window }),
    );
    const left = new Set(except);
    return {
      ids: codes.rows.map((row) => row.id).filter((id) => !left.has(id)),
      nextCursor: codes.nextCursor,
    };
  }

  /** A page of rows: newest first by default, or in the order of `sort=`. */
  private readListPage(
    workspaceId: string,
    query: ListQueryInput,
  ): Promise<{ rows: QrCodeRow[]; nextCursor: string | null }> {
    const filter = codeFilterOf(query);
    if (query.sort !== undefined)
      return this.readSortedPage(workspaceId, filter, query, parseSort(query.sort));
    return readPage(query, 'qr', (window) =>
      listCodes(this.db, this.options.dialect, workspaceId, { ...filter, ...window }),
    );
  }

  /** A page in the order of `sort=`: keyset pagination on (sort value, id); see list-sort.ts. */
  private async readSortedPage(
    workspaceId: string,
    filter: CodeFilter,
    query: ListQueryInput,
    sort: CodeSort,
  ): Promise<{ rows: QrCodeRow[]; nextCursor: string | null }> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const after = query.cursor === undefined ? undefined : decodeSortedCursor(query.cursor, sort);
    const rows = await listSortedCodes(this.db, this.options.dialect, workspaceId, filter, {
      sort,
      after,
      limit: limit + 1,
      scanTotal: this.options.scans.totalExpression('qrcodes.id'),
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    const nextCursor =
      rows.length > limit && last ? encodeSortedCursor(sort, { value: last.sort_value, id: last.id }) : null;
    return { rows: page, nextCursor };
  }
}
