import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database, Dialect } from '../../db/database.js';
import type { WorkspaceAccess } from '../../plugins/auth.js';
import type { AddressPolicy } from '../../shared/address-policy.js';
import type { ChangeBus } from '../../shared/change-bus.js';
import { type Clock, systemClock, toIso } from '../../shared/clock.js';
import type { OwnShortUrlTest } from '../../shared/http-url.js';
import { newId } from '../../shared/ids.js';
import { readPage } from '../../shared/pagination.js';
import { type FieldError, notFound, Problem, validationFailed } from '../../shared/problem.js';
import { changedFields } from '../events/events.changes.js';
import { type ChangeEvent, changeEvent, type EventsService } from '../events/events.service.js';
import { CodeImages } from './code-images.js';
import { hashCodePassword } from './code-password.js';
import { CodeRules, type RuleDirectory } from './code-rules.js';
import { type CodeState, columnsOf, mergeCodePatch, payloadOf, shortUrlOf, stateOf } from './code-state.js';
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
import { checkStyle, type ImageFormat } from './qrcodes.images.js';
import type { CodeLogos } from './qrcodes.logo.js';
import {
  deleteCode,
  deleteWorkspaceCodes,
  findCode,
  findRedirectRow,
  findRuleIds,
  insertCode,
  isUniqueViolation,
  listCodes,
  type RedirectRow,
  sqliteRedirectReader,
  updateCode,
} from './qrcodes.repository.js';
import type { CodeResource, CreateCodeInput, ListQueryInput, PatchCodeInput } from './qrcodes.schemas.js';
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

/** A code was created, changed (its rules included) or deleted: the edge drops what it cached. */
export interface CodeChange {
  id: string;
  hostKey: string;
  slug: string;
}

declare module '../../shared/change-bus.js' {
  interface ChangeEvents {
    'code.changed': CodeChange;
  }
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
  totalsFor(codeIds: string[]): Promise<Map<string, ScanTotals>>;
}

export interface QrCodesOptions {
  dialect: Dialect;
  /** The raw SQLite connection when on SQLite: the edge's read of a code runs on it, prepared once. */
  sqlite?: SQLite.Database | undefined;
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
  /** The SSRF policy exec calls go through (SSRF_ALLOW), to warn about exec URLs it refuses. */
  execPolicy: AddressPolicy;
  /** Signs the codes' `imageUrl`s (image-urls.ts). */
  imageUrls: ImageUrls;
  /** The audit log: every write records its event in the transaction that makes it. */
  events: EventsService;
  clock?: Clock;
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

/**
 * Fields an update event leaves out: they follow from the fields that changed (the image URL
 * from the payload and style, warnings from exec) or change without a write (scans).
 */
const DERIVED_FIELDS = ['updatedAt', 'scans', 'imageUrl', 'warnings'] as const;

/** What a change of a code tells the audit log besides the change itself (`design: dsn_...`). */
export type ChangeContext = Record<string, unknown>;

/**
 * QR codes: every method that reads a code takes the workspace id and every write the caller's
 * access; a code of another workspace is a `not_found`, never a `forbidden`. Rule assignment
 * (`rules`) and images (`images`) are parts of their own. Every write records its event
 * (`qrcode.created|updated|deleted|rules_updated`) in its own transaction, and once that has
 * committed is published as `code.changed`.
 */
export class QrCodesService {
  private readonly clock: Clock;
  readonly rules: CodeRules;
  readonly images: CodeImages;
  /** On SQLite, the edge's read without the query builder (prepared at the first read). */
  private readRedirectOnSqlite: ((hostKey: string, slug: string) => RedirectRow | undefined) | undefined;

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
  }

  private async emit(...changes: CodeChange[]): Promise<void> {
    for (const change of changes) await this.options.changes.publish('code.changed', change);
  }

  private get readRedirect(): ((hostKey: string, slug: string) => RedirectRow | undefined) | undefined {
    const { sqlite } = this.options;
    if (!sqlite) return undefined;
    this.readRedirectOnSqlite ??= sqliteRedirectReader(sqlite);
    return this.readRedirectOnSqlite;
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
    const page = await readPage(query, 'qr', (window) =>
      listCodes(this.db, this.options.dialect, accountId, {
        mode: query.mode,
        tag: query.tag,
        hostKey: query.hostname?.toLowerCase(),
        text: query.q,
        ...window,
      }),
    );
    return { data: await this.toResources(page.rows), nextCursor: page.nextCursor };
  }

  /** For the redirect edge: the code served at (host, slug), whichever account owns it. */
  async findForRedirect(hostKey: string, slug: string): Promise<RedirectCode | undefined> {
    const row = this.readRedirect
      ? this.readRedirect(hostKey, slug)
      : await findRedirectRow(this.db, this.options.dialect, hostKey, slug);
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

  // ------------------------------------------------------------------------------------------
  // Writes

  async create(access: WorkspaceAccess, input: CreateCodeInput, imageFormat: ImageFormat = 'svg') {
    const accountId = access.workspaceId;
    const given = input.slug;
    const state: CodeState = {
      mode: input.mode,
      slug: given ?? randomSlug(),
      hostKey: await this.hostKeyOf(accountId, input.hostname, ''),
      target: input.target ?? null,
      data: input.data ?? null,
      exec: input.exec ? normalizeExec(input.exec) : null,
      style: await this.options.logos.store(access, input.style ?? {}, '/body/style'),
      title: input.title ?? null,
      tags: normalizeTags(input.tags ?? []),
      enabled: input.enabled ?? true,
      controls: mergeControls(NO_CONTROLS, input),
    };
    this.validate(state, input.exec ?? null, input.password);
    if (input.password) state.controls.passwordHash = await hashCodePassword(input.password);
    if (given !== undefined && isReservedSlug(state.slug, state.hostKey))
      throw reservedSlugProblem(state.slug);
    const ruleIds = input.rules ?? [];
    await this.rules.check(accountId, state.mode, ruleIds, '/body/rules');

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
      await this.emit({ id, hostKey: state.hostKey, slug: state.slug });
      return { code: await this.get(accountId, id), image };
    }
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
    const before = stateOf(row);
    const after = mergeCodePatch(before, patch);
    after.hostKey = await this.hostKeyOf(accountId, patch.hostname, before.hostKey);
    if (patch.style) after.style = await this.options.logos.store(access, after.style, '/body/style');
    this.validate(after, after.exec, patch.password);
    if (patch.password !== undefined)
      after.controls.passwordHash = patch.password === null ? null : await hashCodePassword(patch.password);
    if (after.mode !== before.mode) await this.rules.refuseModeChange(id, after.mode);
    const moved = after.slug !== before.slug || after.hostKey !== before.hostKey;
    if (moved && isReservedSlug(after.slug, after.hostKey)) throw reservedSlugProblem(after.slug);
    const { shortBase } = this.options;
    const drawingChanged =
      payloadOf(after, shortBase) !== payloadOf(before, shortBase) ||
      JSON.stringify(after.style) !== JSON.stringify(before.style);
    if (drawingChanged) await this.images.draw(after, 'svg');
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

  async delete(access: WorkspaceAccess, id: string): Promise<void> {
    const accountId = access.workspaceId;
    // Read first: the event shows the code as it was, its scans too (the scans module's own reads).
    const totals = await this.options.scans.totalsFor([id]);
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
  private async hostKeyOf(accountId: string, hostname: string | null | undefined, current: string) {
    if (hostname === undefined) return current;
    if (hostname === null) return '';
    if (hostname.toLowerCase().replace(/\.$/, '') === current) return current;
    return this.options.hostnames.bindable(accountId, hostname, '/body/hostname');
  }

  /**
   * Checks the state and stores its URLs normalised (see shared/http-url.ts); `password` is the
   * one this request gives, if any.
   */
  private validate(
    state: CodeState,
    exec: Partial<ExecSettings> | null,
    password: string | null | undefined,
  ): void {
    const fields = { mode: state.mode, target: state.target, data: state.data, exec };
    const urlOptions = { isOwnShortUrl: this.options.isOwnShortUrl };
    if (state.mode === 'static') {
      const refused = controlsOnStatic(state.controls, password, '/body');
      if (refused.length > 0) throw controlsRefused(refused);
    }
    const errors = [
      ...validateModeFields(fields, '/body', urlOptions),
      ...(state.mode === 'static' ? [] : validateLinkControls(state.controls, password, '/body', urlOptions)),
      ...(state.mode === 'static' && state.hostKey !== ''
        ? [
            {
              path: '/body/hostname',
              message: 'must be null for a static code: it encodes its data, not a URL',
            },
          ]
        : []),
      ...validateTags(state.tags, '/body/tags'),
      ...validateTitle(state.title, '/body/title'),
    ];
    if (errors.length > 0) throw validationFailed(errors);
    Object.assign(state, normalizeModeUrls({ target: state.target, data: state.data, exec: state.exec }));
    state.controls = normalizeControlUrls(state.controls);
    checkStyle(state.style, '/body/style');
  }

  private async toResources(rows: QrCodeRow[]): Promise<CodeResource[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [rules, totals] = await Promise.all([findRuleIds(this.db, ids), this.options.scans.totalsFor(ids)]);
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

  private resourceOf(row: QrCodeRow, rules: string[], scans: ScanTotals): CodeResource {
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

/**
 * A change of the password as the audit log shows it: a fact ('none', 'set', 'replaced'), never
 * the password or its hash. Null when it did not change.
 */
function passwordChange(before: string | null, after: string | null): [string, string] | null {
  if (before === after) return null;
  return [before === null ? 'none' : 'set', after === null ? 'none' : before === null ? 'set' : 'replaced'];
}

/** An event of a code: `{ object }` (the code as the API shows it, never its image) or `{ changes }`. */
function codeEvent(type: string, access: WorkspaceAccess, id: string, data: ChangeEvent['data']) {
  return changeEvent(type, access, { type: 'qrcode', id }, data);
}
