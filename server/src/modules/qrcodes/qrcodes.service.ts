import type SQLite from 'better-sqlite3';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely, RawBuilder } from 'kysely';
import type { Pool } from 'pg';
import type { Database, Dialect } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { WorkspaceAccess } from '../../plugins/auth.js';
import type { AddressPolicy } from '../../shared/address-policy.js';
import type { ChangeBus } from '../../shared/change-bus.js';
import { type Clock, systemClock, toIso } from '../../shared/clock.js';
import type { OwnShortUrlTest } from '../../shared/http-url.js';
import { newId } from '../../shared/ids.js';
import { DEFAULT_PAGE_SIZE, readPage } from '../../shared/pagination.js';
import { type FieldError, notFound, Problem, validationFailed } from '../../shared/problem.js';
import { changedFields } from '../events/events.changes.js';
import type { EventsService } from '../events/events.service.js';
import { BULK_MAX_ITEMS } from '../plans/plans.js';
import {
  type BulkChangeOptions,
  type BulkChangeResult,
  type BulkCreateOptions,
  type BulkItemResult,
  CodeBulk,
  type PreparedCode,
  type PreparedUpdate,
} from './code-bulk.js';
import type { CodeChange } from './code-change.js';
import { codeEvent, DERIVED_FIELDS, passwordChange } from './code-events.js';
import { codeFilterOf } from './code-filter.js';
import { CodeImages } from './code-images.js';
import { hashCodePassword } from './code-password.js';
import { CodePrints } from './code-prints.js';
import { CodeRules, type RuleDirectory } from './code-rules.js';
import { type CodeState, columnsOf, mergeCodePatch, payloadOf, shortUrlOf, stateOf } from './code-state.js';
import { EdgeCodeIndex } from './edge-code-index.js';
import type { RedirectRow } from './edge-fields.js';
import type { ImageUrls } from './image-urls.js';
import {
  controlsOf,
  controlsOnStatic,
  controlsView,
  type LinkControls,
  mergeControls,
  NO_CONTROLS,
  normalizeControlUrls,
  validateLinkControls,
} from './link-controls.js';
import { decodeSortedCursor, encodeSortedCursor, parseSort } from './list-sort.js';
import { checkStyle, type ImageFormat } from './qrcodes.images.js';
import type { CodeLogos } from './qrcodes.logo.js';
import {
  type CodeFilter,
  type CodeSort,
  countCodes,
  countMatchingCodes,
  deleteCode,
  deleteWorkspaceCodes,
  edgeCodeRows,
  findCode,
  findRedirectRow,
  findRuleIds,
  insertCode,
  listCodes,
  listSortedCodes,
  postgresRedirectReader,
  sqliteRedirectReader,
  updateCode,
} from './qrcodes.repository.js';
import type {
  CodeFilterInput,
  CodeResource,
  CreateCodeCommand,
  ListQueryInput,
  PatchCodeInput,
} from './qrcodes.schemas.js';
import type { QrCodeRow } from './qrcodes.table.js';
import {
  type CodeMode,
  type ExecSettings,
  normalizeExec,
  normalizeModeUrls,
  normalizeTags,
  validateModeFields,
  validateTags,
  validateTitle,
} from './qrcodes.validate.js';
import { isReservedSlug, randomSlug, reservedSlugProblem, slugTakenProblem } from './slugs.js';

export {
  AtomicBulkRefusal,
  type BulkChangeResult,
  type BulkCreateOptions,
  type BulkItemResult,
  type NewRules,
} from './code-bulk.js';
export type { RuleDirectory } from './code-rules.js';

/** What the redirect edge needs of a code, and nothing else. */
export interface RedirectCode {
  id: string;
  accountId: string;
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

export interface ScanTotals {
  total: number;
  uniqueToday: number;
  lastAt: string | null;
}

/** The hostnames service as this module uses it: the verified name a code may be bound to. */
export interface HostnameDirectory {
  /** The account's verified hostname named by its name or id; throws 404 or 409 problems at `path`. */
  bindable(accountId: string, nameOrId: string, path: string): Promise<string>;
}

/** The scans service as this module uses it: per-code totals for the resource. */
export interface ScanTotalsSource {
  /** The totals of the workspace's codes, with every scan of it this instance answered. */
  totalsFor(workspaceId: string, codeIds: string[]): Promise<Map<string, ScanTotals>>;
  /** A code's counted scans as SQL of its id column, for sorting the list by scans. */
  totalExpression(codeIdColumn: string): RawBuilder<number>;
}

/** The edge's read of a code's row: synchronous on SQLite, batched (a promise) on PostgreSQL. */
type EdgeRowReader = (
  hostKey: string,
  slug: string,
) => RedirectRow | undefined | Promise<RedirectRow | undefined>;

export interface QrCodesOptions {
  dialect: Dialect;
  /** The raw SQLite connection when on SQLite: the edge's read of a code runs on it, prepared once. */
  sqlite?: SQLite.Database | undefined;
  /** PostgreSQL's pool when on PostgreSQL: the edge's reads of codes go through it, batched. */
  pgPool?: Pool | undefined;
  /** Base of the primary host's short URLs: `${shortUrl}` or `${publicUrl}/r`. */
  shortBase: string;
  /** Our own short URLs, which no target may be (the scan would loop). */
  isOwnShortUrl: OwnShortUrlTest;
  /** Stores a style's logo once as an asset of the account, and reads it back to draw (qrcodes.logo.ts). */
  logos: CodeLogos;
  scans: ScanTotalsSource;
  rules: RuleDirectory;
  hostnames: HostnameDirectory;
  /** Where every create, update, delete and rules change is published (the edge drops its cache entry). */
  changes: ChangeBus;
  /**
   * The edge's file of every code (edge-code-index.ts), in `dir`: absent, the edge reads each code
   * it has not cached from the database.
   */
  edgeCodeFile?: { dir: string; log: FastifyBaseLogger } | undefined;
  /** The SSRF policy exec calls go through (SSRF_ALLOW), to warn about exec URLs it refuses. */
  execPolicy: AddressPolicy;
  /** Signs the codes' `imageUrl`s (image-urls.ts). */
  imageUrls: ImageUrls;
  /** The audit log: every write records its event in the transaction that makes it. */
  events: EventsService;
  /** How many codes a workspace may hold (its plans, CODES_LIMIT); absent or Infinity: no limit. */
  codesLimit?: (workspaceId: string) => Promise<number>;
  clock?: Clock;
}

export type { CreateCodeCommand } from './qrcodes.schemas.js';

/** A code as an export writes it: the resource, its logo inlined, and its stored password hash. */
export type ExportedCode = CodeResource & { passwordHash: string | null };

const STORED_HASH = /^scrypt\$\d{1,7}\$\d{1,3}\$\d{1,3}\$[A-Za-z0-9_-]{8,64}\$[A-Za-z0-9_-]{40,64}$/;

/** A stored password hash as given by an export, or a 400: nothing else may stand in for one. */
function storedHashOf(hash: string, path: string): string {
  if (STORED_HASH.test(hash)) return hash;
  throw validationFailed([{ path, message: 'is not a password hash this server made' }]);
}

const RANDOM_SLUG_ATTEMPTS = 8;

/**
 * What the owner should know about a code that was saved anyway: an exec URL the SSRF guard
 * refuses is never called, so every scan goes to the fallback.
 */
function codeWarnings(state: CodeState, policy: AddressPolicy): string[] {
  if (state.mode !== 'exec' || !state.exec) return [];
  const refusal = policy.literalRefusal(new URL(state.exec.url).hostname);
  return refusal === null
    ? []
    : [
        `exec.url is never called: ${refusal}, so every scan goes to the fallback. Use a public URL, or ask the operator to add the host to SSRF_ALLOW.`,
      ];
}

const withWarnings = (warnings: string[]) => (warnings.length > 0 ? { warnings } : {});
const NO_SCANS: ScanTotals = { total: 0, uniqueToday: 0, lastAt: null };

/** What a change of a code tells the audit log besides the change itself (`design: dsn_...`). */
export type ChangeContext = Record<string, unknown>;

/**
 * QR codes: every method that reads a code takes the workspace id and every write the caller's
 * access; a code of another workspace is a `not_found`, never a `forbidden`. Rule assignment
 * (`rules`), images (`images`) and print runs (`prints`) are parts of their own. Every write records its event
 * (`qrcode.created|updated|deleted|rules_updated`) in its own transaction, and once that has
 * committed is published as `code.changed`.
 */
export class QrCodesService {
  private readonly clock: Clock;
  readonly rules: CodeRules;
  readonly images: CodeImages;
  private readonly bulk: CodeBulk;
  /** The codes a ZIP or print sheet draws (the printing module streams them). */
  readonly prints: CodePrints;
  /**
   * The edge's read of a code, made at the first read: SQLite's prepared statement (synchronous)
   * or PostgreSQL's batching reader.
   */
  private readRedirectRow: EdgeRowReader | undefined;
  /** Every code as the edge reads it, in a file (when configured; the module builds it at start). */
  readonly edgeIndex: EdgeCodeIndex | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: QrCodesOptions,
  ) {
    this.clock = options.clock ?? systemClock;
    this.rules = new CodeRules(db, {
      rules: options.rules,
      clock: this.clock,
      events: options.events,
      changed: (...codes) => this.emit(...codes),
    });
    this.images = new CodeImages(db, {
      shortBase: options.shortBase,
      logos: options.logos,
      imageUrls: options.imageUrls,
    });
    this.bulk = new CodeBulk({
      db,
      clock: this.clock,
      events: options.events,
      shortBase: options.shortBase,
      prepareCreate: (...args) => this.prepareCreate(...args),
      prepareUpdate: (...args) => this.prepareUpdate(...args),
      refuseOverCodeLimit: (...args) => this.refuseOverCodeLimit(...args),
      draw: (state, base) => this.images.draw(state, 'svg', base),
      resourceOf: (...args) => this.resourceOf(...args),
      scansOf: (workspaceId, ids) => this.options.scans.totalsFor(workspaceId, ids),
      emit: (...changes) => this.emit(...changes),
    });
    this.edgeIndex = options.edgeCodeFile && edgeIndexOf(db, options, options.edgeCodeFile);
    this.prints = new CodePrints(db, {
      dialect: options.dialect,
      shortBase: options.shortBase,
      logos: options.logos,
    });
  }

  private async emit(...changes: CodeChange[]): Promise<void> {
    for (const change of changes) await this.options.changes.publish('code.changed', change);
  }

  // ------------------------------------------------------------------------------------------
  // Reads

  async get(accountId: string, id: string): Promise<CodeResource> {
    const row = await findCode(this.db, accountId, id);
    if (!row) throw notFound('QR code');
    const [code] = await this.toResources([row]);
    return code as CodeResource;
  }

  async list(
    accountId: string,
    query: ListQueryInput,
  ): Promise<{ data: CodeResource[]; nextCursor: string | null }> {
    const page = await this.readListPage(accountId, query);
    return { data: await this.toResources(page.rows), nextCursor: page.nextCursor };
  }

  /**
   * A page of the list as an export writes it: each code as the API shows it, with its style's
   * logo inlined as a data: URL (an asset URL means nothing in another workspace) and its
   * stored password hash (see CreateCodeCommand), so importing it again loses nothing.
   */
  async exportPage(
    accountId: string,
    query: ListQueryInput,
  ): Promise<{ data: ExportedCode[]; nextCursor: string | null }> {
    const page = await this.readListPage(accountId, query);
    const codes = await this.toResources(page.rows);
    const data = await Promise.all(
      codes.map(async (code, i) => ({
        ...code,
        style: (await this.options.logos.inline(code.style)) as CodeResource['style'],
        passwordHash: (page.rows[i] as QrCodeRow).password_hash,
      })),
    );
    return { data, nextCursor: page.nextCursor };
  }

  /** A page of rows: newest first by default, or in the order of `sort=`. */
  private readListPage(
    accountId: string,
    query: ListQueryInput,
  ): Promise<{ rows: QrCodeRow[]; nextCursor: string | null }> {
    const filter = codeFilterOf(query);
    if (query.sort !== undefined) return this.readSortedPage(accountId, filter, query, parseSort(query.sort));
    return readPage(query, 'qr', (window) =>
      listCodes(this.db, this.options.dialect, accountId, { ...filter, ...window }),
    );
  }

  /** How many codes pass the list's filters. */
  async count(accountId: string, query: CodeFilterInput): Promise<{ total: number }> {
    return {
      total: await countMatchingCodes(this.db, this.options.dialect, accountId, codeFilterOf(query)),
    };
  }

  /** A page in the order of `sort=`: keyset pagination on (sort value, id); see list-sort.ts. */
  private async readSortedPage(
    accountId: string,
    filter: CodeFilter,
    query: ListQueryInput,
    sort: CodeSort,
  ): Promise<{ rows: QrCodeRow[]; nextCursor: string | null }> {
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const after = query.cursor === undefined ? undefined : decodeSortedCursor(query.cursor, sort);
    const rows = await listSortedCodes(this.db, this.options.dialect, accountId, filter, {
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

  /**
   * For the redirect edge: the code served at (host, slug), whichever account owns it. From the
   * edge's code file when it holds the code (one page read, no promise); else from the database,
   * and the row read is stored in the file. On SQLite that read comes without a promise too (one
   * synchronous statement): a cold scan's read is then a call, not a trip through the microtask
   * queue. On PostgreSQL the lookups of one turn of the event loop share a query
   * (`postgresRedirectReader`).
   */
  findForRedirect(
    hostKey: string,
    slug: string,
  ): RedirectCode | undefined | Promise<RedirectCode | undefined> {
    const index = this.edgeIndex;
    const indexed = index?.get(hostKey, slug);
    if (indexed) return redirectCodeOf(indexed);
    this.readRedirectRow ??= this.edgeReader();
    const readMark = index?.readMark ?? 0;
    const row = this.readRedirectRow(hostKey, slug);
    const answer = (read: RedirectRow | undefined) => {
      index?.remember(read, readMark);
      return redirectCodeOf(read);
    };
    return row instanceof Promise ? row.then(answer) : answer(row);
  }

  private edgeReader(): EdgeRowReader {
    const { sqlite, pgPool } = this.options;
    if (sqlite) return sqliteRedirectReader(sqlite);
    if (pgPool) return postgresRedirectReader(pgPool);
    throw new Error('the edge reads codes through the SQLite connection or the PostgreSQL pool');
  }

  // ------------------------------------------------------------------------------------------
  // Writes

  async create(access: WorkspaceAccess, input: CreateCodeCommand, imageFormat: ImageFormat = 'svg') {
    const accountId = access.workspaceId;
    await this.refuseOverCodeLimit(accountId, 1);
    const { state, ruleIds, given } = await this.prepareCreate(access, input, '/body');

    for (let attempt = 1; ; attempt++) {
      const image = await this.images.draw(state, imageFormat);
      const now = this.clock.now();
      const id = newId('qr', now);
      try {
        await this.options.events.inTransaction(async (trx) => {
          const row = { id, account_id: accountId, ...columnsOf(state), created_at: now, updated_at: now };
          await insertCode(trx, row, ruleIds);
          const code = await this.resourceIn(trx, accountId, id);
          return { result: code, events: [codeEvent('qrcode.created', access, id, { object: code })] };
        });
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (given !== undefined) throw slugTakenProblem(state.slug, state.hostKey);
        if (attempt >= RANDOM_SLUG_ATTEMPTS) throw error;
        state.slug = randomSlug();
        continue;
      }
      await this.emit({ id, hostKey: state.hostKey, slug: state.slug, created: true });
      return { code: await this.get(accountId, id), image };
    }
  }

  /**
   * Checks a create body as `create` would, writing nothing (an import's dry run), with field
   * paths under `base`: its fields, a verified hostname, its rules, a reserved or taken slug, and,
   * when the drawing could fail (a style, or static data that may not fit), the image. A logo is
   * checked but not stored, and a password not hashed. The codes limit is the caller's to count.
   * `newRuleIds`: rules the caller would store with the code (an import's), taken as the account's.
   */
  async check(
    access: WorkspaceAccess,
    input: CreateCodeCommand,
    base: string,
    { newRuleIds }: { newRuleIds?: ReadonlySet<string> } = {},
  ): Promise<void> {
    const { state, given } = await this.prepareCreate(access, input, base, { dryRun: true, newRuleIds });
    if (given !== undefined) {
      const taken = await findRedirectRow(this.db, this.options.dialect, state.hostKey, state.slug);
      if (taken) throw slugTakenProblem(state.slug, state.hostKey, `${base}/slug`);
    }
    if (Object.keys(input.style ?? {}).length > 0 || state.mode === 'static')
      await this.images.draw(state, 'svg', base);
  }

  /**
   * Creates many codes (POST /qrcodes/bulk, imports): each item is checked as POST /qrcodes checks
   * its body, with paths under `path(index)` (`/body/items/3`). A failing item is its own result
   * (`atomic: false`), or the whole call is a 422 naming every failing item (`atomic: true`). The
   * items that would be created are counted against the workspace's codes limit first: over it,
   * a 402 names how many fit and nothing is created. See qrcodes.bulk.ts for how it stays fast.
   */
  bulkCreate(
    access: WorkspaceAccess,
    items: unknown[],
    options: BulkCreateOptions,
  ): Promise<BulkItemResult[]> {
    return this.bulk.create(access, items, options);
  }

  /**
   * A create body as the code it would store, checked as POST /qrcodes checks it, with field paths
   * under `base` ('/body', or '/body/items/3' for an item of a bulk create). Throws the problem.
   * `dryRun` checks a logo without storing it and leaves a password unhashed (see `check`);
   * `newRuleIds` are rules to be stored with the code, which its `rules` may name.
   */
  async prepareCreate(
    access: WorkspaceAccess,
    input: CreateCodeCommand,
    base: string,
    { dryRun = false, newRuleIds }: { dryRun?: boolean; newRuleIds?: ReadonlySet<string> | undefined } = {},
  ): Promise<PreparedCode> {
    const accountId = access.workspaceId;
    const given = input.slug;
    const style = input.style ?? {};
    const state: CodeState = {
      mode: input.mode,
      slug: given ?? randomSlug(),
      hostKey: await this.hostKeyOf(accountId, input.hostname, '', `${base}/hostname`),
      target: input.target ?? null,
      data: input.data ?? null,
      exec: input.exec ? normalizeExec(input.exec) : null,
      style: dryRun ? style : await this.options.logos.store(access, style, `${base}/style`),
      title: input.title ?? null,
      tags: normalizeTags(input.tags ?? []),
      enabled: input.enabled ?? true,
      controls: mergeControls(NO_CONTROLS, input),
    };
    if (input.passwordHash !== undefined)
      state.controls.passwordHash = storedHashOf(input.passwordHash, `${base}/passwordHash`);
    this.validate(state, input.exec ?? null, input.password, base);
    if (input.password && !dryRun) state.controls.passwordHash = await hashCodePassword(input.password);
    if (given !== undefined && isReservedSlug(state.slug, state.hostKey))
      throw reservedSlugProblem(state.slug, `${base}/slug`);
    const ruleIds = input.rules ?? [];
    await this.rules.check(accountId, state.mode, ruleIds, `${base}/rules`, newRuleIds);
    return { state, ruleIds, given };
  }

  /**
   * How many more codes the workspace may hold (Infinity: no limit); `wanted` more than that is a
   * 402 `limit_reached` that says how many fit, so nothing is created.
   */
  async refuseOverCodeLimit(accountId: string, wanted: number): Promise<void> {
    const limit = (await this.options.codesLimit?.(accountId)) ?? Number.POSITIVE_INFINITY;
    if (limit === Number.POSITIVE_INFINITY || wanted === 0) return;
    const fits = Math.max(0, limit - (await countCodes(this.db, accountId)));
    if (wanted <= fits) return;
    throw codeLimitProblem(limit, fits, wanted);
  }

  /** PATCH /qrcodes/{id} with one merge patch for many codes (POST /qrcodes/bulk-update), in one transaction. */
  bulkUpdate(
    access: WorkspaceAccess,
    ids: string[],
    patch: PatchCodeInput,
    options: BulkChangeOptions,
  ): Promise<BulkChangeResult[]> {
    return this.bulk.update(access, ids, patch, options);
  }

  /** Deletes many codes (POST /qrcodes/bulk-delete), in one transaction. */
  bulkDelete(
    access: WorkspaceAccess,
    ids: string[],
    options: BulkChangeOptions,
  ): Promise<BulkChangeResult[]> {
    return this.bulk.delete(access, ids, options);
  }

  /**
   * The codes a bulk update or delete by `filter` changes in one call: the first `limit` (at most
   * BULK_MAX_ITEMS) the list shows with those filters (newest first) after `cursor`, less
   * `except`; `nextCursor` goes on after them. The cursor is a place in that order, not a count:
   * codes a call changed so that the filter no longer selects them (deleted, or disabled under
   * `enabled: true`) shift nothing.
   */
  async bulkSelection(
    accountId: string,
    filter: CodeFilterInput,
    page: { cursor?: string | undefined; limit?: number | undefined; except?: readonly string[] | undefined },
  ): Promise<{ ids: string[]; nextCursor: string | null }> {
    const { cursor, limit = BULK_MAX_ITEMS, except = [] } = page;
    const codes = await readPage({ cursor, limit: Math.min(limit, BULK_MAX_ITEMS) }, 'qr', (window) =>
      listCodes(this.db, this.options.dialect, accountId, { ...codeFilterOf(filter), ...window }),
    );
    const left = new Set(except);
    return {
      ids: codes.rows.map((row) => row.id).filter((id) => !left.has(id)),
      nextCursor: codes.nextCursor,
    };
  }

  /**
   * Applies a merge patch. The fields that changed are the `qrcode.updated` event (none changed:
   * no event); `context` adds to its data what the change came from (`{ design }` for an apply).
   */
  async update(
    access: WorkspaceAccess,
    id: string,
    patch: PatchCodeInput,
    context: ChangeContext = {},
  ): Promise<CodeResource> {
    const accountId = access.workspaceId;
    const row = await findCode(this.db, accountId, id);
    if (!row) throw notFound('QR code');
    const { before, after, moved } = await this.prepareUpdate(access, row, patch, '/body');
    try {
      await this.options.events.inTransaction(async (trx) => {
        const old = await this.resourceIn(trx, accountId, id);
        await updateCode(trx, accountId, id, { ...columnsOf(after), updated_at: this.clock.now() });
        const changes = changedFields(old, await this.resourceIn(trx, accountId, id), {
          ignore: DERIVED_FIELDS,
        });
        const password = passwordChange(before.controls.passwordHash, after.controls.passwordHash);
        if (password) changes.password = password;
        const events =
          Object.keys(changes).length === 0
            ? []
            : [codeEvent('qrcode.updated', access, id, { changes, ...context })];
        return { result: undefined, events };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTakenProblem(after.slug, after.hostKey);
      throw error;
    }
    await this.emit({ id, hostKey: before.hostKey, slug: before.slug });
    if (moved) await this.emit({ id, hostKey: after.hostKey, slug: after.slug });
    return this.get(accountId, id);
  }

  /**
   * A code's state after a merge patch, checked as PATCH /qrcodes/{id} checks it (a changed
   * drawing is drawn and verified), with field paths under `base`. Throws the problem.
   */
  async prepareUpdate(
    access: WorkspaceAccess,
    row: QrCodeRow,
    patch: PatchCodeInput,
    base: string,
    verify: (state: CodeState) => Promise<unknown> = (state) => this.images.draw(state, 'svg', base),
  ): Promise<PreparedUpdate> {
    const before = stateOf(row);
    const after = mergeCodePatch(before, patch);
    after.hostKey = await this.hostKeyOf(
      access.workspaceId,
      patch.hostname,
      before.hostKey,
      `${base}/hostname`,
    );
    if (patch.style) after.style = await this.options.logos.store(access, after.style, `${base}/style`);
    this.validate(after, after.exec, patch.password, base);
    if (patch.password !== undefined)
      after.controls.passwordHash = patch.password === null ? null : await hashCodePassword(patch.password);
    if (after.mode !== before.mode) await this.rules.refuseModeChange(row.id, after.mode, `${base}/mode`);
    const moved = after.slug !== before.slug || after.hostKey !== before.hostKey;
    if (moved && isReservedSlug(after.slug, after.hostKey))
      throw reservedSlugProblem(after.slug, `${base}/slug`);
    const { shortBase } = this.options;
    const drawingChanged =
      payloadOf(after, shortBase) !== payloadOf(before, shortBase) ||
      JSON.stringify(after.style) !== JSON.stringify(before.style);
    if (drawingChanged) await verify(after);
    return { before, after, moved };
  }

  async delete(access: WorkspaceAccess, id: string): Promise<void> {
    const accountId = access.workspaceId;
    // Read first: the event shows the code as it was, its scans too (the scans module's own reads).
    const totals = await this.options.scans.totalsFor(accountId, [id]);
    const row = await this.options.events.inTransaction(async (trx) => {
      const code = await this.resourceIn(trx, accountId, id, totals.get(id));
      const deleted = await deleteCode(trx, accountId, id);
      if (!deleted) throw notFound('QR code');
      return { result: deleted, events: [codeEvent('qrcode.deleted', access, id, { object: code })] };
    });
    await this.emit({ id, hostKey: row.host_key, slug: row.slug });
  }

  /**
   * Deletes every code of a workspace (the workspace is being deleted) and publishes each as
   * changed, as a delete does: every instance's redirect edge drops it, so no code of the
   * workspace redirects once this resolves. No events: the workspace's log goes with it.
   */
  async eraseWorkspace(workspaceId: string): Promise<void> {
    const codes = await deleteWorkspaceCodes(this.db, workspaceId);
    await this.emit(...codes.map((code) => ({ id: code.id, hostKey: code.host_key, slug: code.slug })));
  }

  // ------------------------------------------------------------------------------------------
  // Helpers

  /**
   * The host a code is served on after `hostname` (omitted: `current`; null: the primary host).
   * Only a new binding must be verified: a code stays on a name that failed later.
   */
  private async hostKeyOf(
    accountId: string,
    hostname: string | null | undefined,
    current: string,
    path: string,
  ) {
    if (hostname === undefined) return current;
    if (hostname === null) return '';
    if (hostname.toLowerCase().replace(/\.$/, '') === current) return current;
    return this.options.hostnames.bindable(accountId, hostname, path);
  }

  /**
   * Checks the state and stores its URLs normalised (see shared/http-url.ts); `password` is the
   * one this request gives, if any; field paths are under `base`.
   */
  private validate(
    state: CodeState,
    exec: Partial<ExecSettings> | null,
    password: string | null | undefined,
    base: string,
  ): void {
    const fields = { mode: state.mode, target: state.target, data: state.data, exec };
    const urlOptions = { isOwnShortUrl: this.options.isOwnShortUrl };
    if (state.mode === 'static') {
      const refused = controlsOnStatic(state.controls, password, base);
      if (refused.length > 0) throw controlsRefused(refused);
    }
    const errors = [
      ...validateModeFields(fields, base, urlOptions),
      ...(state.mode === 'static' ? [] : validateLinkControls(state.controls, password, base, urlOptions)),
      ...(state.mode === 'static' && state.hostKey !== ''
        ? [
            {
              path: `${base}/hostname`,
              message: 'must be null for a static code: it encodes its data, not a URL',
            },
          ]
        : []),
      ...validateTags(state.tags, `${base}/tags`),
      ...validateTitle(state.title, `${base}/title`),
    ];
    if (errors.length > 0) throw validationFailed(errors);
    Object.assign(state, normalizeModeUrls({ target: state.target, data: state.data, exec: state.exec }));
    state.controls = normalizeControlUrls(state.controls);
    checkStyle(state.style, `${base}/style`);
  }

  private async toResources(rows: QrCodeRow[]): Promise<CodeResource[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    // One workspace's codes (a read or write is always the caller's workspace's).
    const workspaceId = (rows[0] as QrCodeRow).account_id;
    const [rules, totals] = await Promise.all([
      findRuleIds(this.db, ids),
      this.options.scans.totalsFor(workspaceId, ids),
    ]);
    return rows.map((row) => this.resourceOf(row, rules.get(row.id) ?? [], totals.get(row.id) ?? NO_SCANS));
  }

  /**
   * The code as the API shows it, read with `trx` alone (a write's transaction, which on SQLite
   * holds the one connection): its scans are `scans` when given, else none. 404 when it is not there.
   */
  private async resourceIn(
    trx: Kysely<Database>,
    accountId: string,
    id: string,
    scans: ScanTotals = NO_SCANS,
  ): Promise<CodeResource> {
    const row = await findCode(trx, accountId, id);
    if (!row) throw notFound('QR code');
    const rules = await findRuleIds(trx, [id]);
    return this.resourceOf(row, rules.get(id) ?? [], scans);
  }

  /** The code as the API shows it, from its row (read or about to be written). */
  resourceOf(row: QrCodeRow, rules: string[], scans: ScanTotals = NO_SCANS): CodeResource {
    const state = stateOf(row);
    return {
      id: row.id,
      slug: row.slug,
      hostname: row.host_key === '' ? null : row.host_key,
      shortUrl: shortUrlOf(this.options.shortBase, row.host_key, row.slug),
      mode: row.mode,
      target: state.target,
      data: state.data,
      exec: state.exec,
      rules,
      style: state.style,
      title: state.title,
      tags: state.tags,
      enabled: state.enabled,
      ...controlsView(state.controls),
      scans,
      createdAt: toIso(row.created_at) ?? '',
      updatedAt: toIso(row.updated_at) ?? '',
      ...withWarnings(codeWarnings(state, this.options.execPolicy)),
      imageUrl: this.images.urlOf(row.id, state, 'svg'),
    };
  }
}

/** Link controls sent for a static code: a 422 naming each (the request is well formed, the code cannot take them). */
function controlsRefused(errors: FieldError[]): Problem {
  return new Problem(
    'unprocessable',
    `${errors.map((e) => e.path).join(', ')}: link controls are only for redirect and exec codes; a static code encodes its data, so no scan reaches us.`,
    { errors },
  );
}

/** Over the codes limit: a 402 that says how many of the wanted codes still fit (`fits`). */
function codeLimitProblem(limit: number, fits: number, wanted: number): Problem {
  const fit = fits === 0 ? 'none fits' : `${fits} fit${fits === 1 ? 's' : ''}`;
  return new Problem(
    'limit_reached',
    `This workspace may hold ${limit} codes; ${wanted} more asked for, ${fit}. Nothing was created: delete codes, or send at most ${fits}.`,
    { extensions: { limit: 'codes', allowed: limit, fits, wanted } },
  );
}

/** The edge's code file, following every instance's changes (this one's included) from the start. */
function edgeIndexOf(
  db: Kysely<Database>,
  options: QrCodesOptions,
  file: { dir: string; log: FastifyBaseLogger },
): EdgeCodeIndex {
  const index = new EdgeCodeIndex(edgeCodeRows(db, options.dialect), file);
  options.changes.subscribe('code.changed', ({ hostKey, slug, created }) => {
    // The file holds codes read from the database, never an absence: a new code has nothing there.
    if (!created) index.changed(hostKey, slug);
  });
  return index;
}

function redirectCodeOf(row: RedirectRow | undefined): RedirectCode | undefined {
  if (!row) return undefined;
  return {
    id: row.id,
    accountId: row.account_id,
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
