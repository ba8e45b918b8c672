import type { Kysely } from 'kysely';
import type { Database, Dialect } from '../../db/database.js';
import type { ChangeBus } from '../../shared/change-bus.js';
import { type Clock, systemClock, toIso } from '../../shared/clock.js';
import type { OwnShortUrlTest } from '../../shared/http-url.js';
import { newId } from '../../shared/ids.js';
import { applyMergePatch } from '../../shared/merge-patch.js';
import { type FieldError, notFound, Problem, validationFailed } from '../../shared/problem.js';
import {
  applyImageOverrides,
  checkStyle,
  type ImageFormat,
  ImageRenderer,
  overridePaths,
  type RenderedImage,
} from './qrcodes.images.js';
import type { CodeLogos } from './qrcodes.logo.js';
import {
  deleteCode,
  findCode,
  findCodeBySlug,
  findRuleIds,
  insertCode,
  isUniqueViolation,
  listCodes,
  removeRuleEverywhere,
  replaceRules,
  updateCode,
} from './qrcodes.repository.js';
import type {
  CodeResource,
  CreateCodeInput,
  ImageQueryInput,
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
import { isReservedSlug, randomSlug } from './slugs.js';
import { encodeStaticData, type StaticData } from './static-data.js';

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

/** The scans service as this module uses it: per-code totals for the resource. */
export interface ScanTotalsSource {
  totalsFor(codeIds: string[]): Promise<Map<string, ScanTotals>>;
}

/** The rules service as this module uses it: which of these ids are the account's rules. */
export interface RuleDirectory {
  getManyForAccount(accountId: string, ids: string[]): Promise<Array<{ id: string }>>;
}

export interface QrCodesOptions {
  dialect: Dialect;
  /** Base of the primary host's short URLs: `${shortUrl}` or `${publicUrl}/r`. */
  shortBase: string;
  /** Our own short URLs, which no target may be (the scan would loop). */
  isOwnShortUrl: OwnShortUrlTest;
  /** Stores a style's logo once as an asset of the account, and reads it back to draw (qrcodes.logo.ts). */
  logos: CodeLogos;
  scans: ScanTotalsSource;
  rules: RuleDirectory;
  /** Where every create, update, delete and rules change is published (the edge drops its cache entry). */
  changes: ChangeBus;
  clock?: Clock;
}

const RANDOM_SLUG_ATTEMPTS = 8;

/**
 * The field to shorten when a symbol cannot hold a code's data: the static kind's longest free
 * text, or for dynamic codes the slug (their symbol holds the short URL, and the slug is the
 * part a caller chooses).
 */
function dataPathOf(state: Pick<CodeState, 'mode' | 'data'>): string {
  if (state.mode !== 'static' || !state.data) return '/body/slug';
  const field = STATIC_TEXT_FIELD[state.data.kind];
  return field ? `/body/data/${field}` : '/body/data';
}

const STATIC_TEXT_FIELD: Partial<Record<StaticData['kind'], string>> = {
  text: 'text',
  url: 'url',
  email: 'body',
  sms: 'message',
};

function rulesRefusedFor(mode: CodeMode): string {
  return mode === 'static'
    ? 'a static code encodes its data itself, so no scan reaches rules'
    : 'an exec code asks its exec URL where to go, so rules would never run';
}
const NO_SCANS: ScanTotals = { total: 0, uniqueToday: 0, lastAt: null };

function parseJson<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

/** The code's stored fields, as the service works with them. */
interface CodeState {
  mode: CodeMode;
  slug: string;
  hostKey: string;
  target: string | null;
  data: StaticData | null;
  exec: ExecSettings | null;
  style: Record<string, unknown>;
  title: string | null;
  tags: string[];
  enabled: boolean;
}

function stateOf(row: QrCodeRow): CodeState {
  return {
    mode: row.mode,
    slug: row.slug,
    hostKey: row.host_key,
    target: row.target,
    data: parseJson<StaticData>(row.data_json),
    exec: parseJson<ExecSettings>(row.exec_json),
    style: parseJson<Record<string, unknown>>(row.style_json) ?? {},
    title: row.title,
    tags: parseJson<string[]>(row.tags_json) ?? [],
    enabled: row.enabled === 1,
  };
}

function columnsOf(state: CodeState) {
  return {
    mode: state.mode,
    slug: state.slug,
    host_key: state.hostKey,
    target: state.target,
    data_json: state.data ? JSON.stringify(state.data) : null,
    exec_json: state.exec ? JSON.stringify(state.exec) : null,
    style_json: JSON.stringify(state.style),
    title: state.title,
    tags_json: JSON.stringify(state.tags),
    enabled: state.enabled ? 1 : 0,
  };
}

const encodeCursor = (id: string) => Buffer.from(id, 'utf8').toString('base64url');

function decodeCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!/^qr_[0-9a-z]{26}$/.test(id)) {
    throw validationFailed([{ path: '/query/cursor', message: 'is not a cursor this API gave out' }]);
  }
  return id;
}

/**
 * QR codes: every method that reads or changes a code takes the account id, and a code of
 * another account is a `not_found`, never a `forbidden`.
 */
export class QrCodesService {
  private readonly clock: Clock;
  readonly images = new ImageRenderer();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: QrCodesOptions,
  ) {
    this.clock = options.clock ?? systemClock;
  }

  private async emit(...changes: CodeChange[]): Promise<void> {
    for (const change of changes) await this.options.changes.publish('code.changed', change);
  }

  shortUrl(hostKey: string, slug: string): string {
    return hostKey === '' ? `${this.options.shortBase}/${slug}` : `https://${hostKey}/${slug}`;
  }

  /** The text a code's symbol encodes: its data for static codes, its short URL otherwise. */
  payloadOf(state: Pick<CodeState, 'mode' | 'data' | 'hostKey' | 'slug'>): string {
    return state.mode === 'static' && state.data
      ? encodeStaticData(state.data)
      : this.shortUrl(state.hostKey, state.slug);
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
    const limit = query.limit ?? 50;
    // Ajv's type coercion turns "1e309" into Infinity and lets it through integer and maximum.
    if (!Number.isSafeInteger(limit)) {
      throw validationFailed([{ path: '/query/limit', message: 'must be a whole number from 1 to 100' }]);
    }
    const rows = await listCodes(this.db, this.options.dialect, accountId, {
      mode: query.mode,
      tag: query.tag,
      hostKey: query.hostname?.toLowerCase(),
      text: query.q,
      before: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      data: await this.toResources(page),
      nextCursor: rows.length > limit && last ? encodeCursor(last.id) : null,
    };
  }

  /** For the redirect edge: the code served at (host, slug), whichever account owns it. */
  async findForRedirect(hostKey: string, slug: string): Promise<RedirectCode | undefined> {
    const row = await findCodeBySlug(this.db, hostKey, slug);
    if (!row) return undefined;
    const ruleIds = (await findRuleIds(this.db, [row.id])).get(row.id) ?? [];
    const state = stateOf(row);
    return {
      id: row.id,
      accountId: row.account_id,
      slug: row.slug,
      hostKey: row.host_key,
      mode: row.mode,
      target: state.target,
      exec: state.exec,
      enabled: state.enabled,
      ruleIds,
    };
  }

  // ------------------------------------------------------------------------------------------
  // Writes

  async create(accountId: string, input: CreateCodeInput, imageFormat: ImageFormat = 'svg') {
    const given = input.slug;
    const state: CodeState = {
      mode: input.mode,
      slug: given ?? randomSlug(),
      hostKey: '',
      target: input.target ?? null,
      data: input.data ?? null,
      exec: input.exec ? normalizeExec(input.exec) : null,
      style: await this.options.logos.store(accountId, input.style ?? {}, '/body/style'),
      title: input.title ?? null,
      tags: normalizeTags(input.tags ?? []),
      enabled: input.enabled ?? true,
    };
    this.validate(state, input.exec ?? null);
    if (given !== undefined) this.refuseReserved(state);
    const ruleIds = input.rules ?? [];
    await this.checkRuleIds(accountId, state.mode, ruleIds, '/body/rules');

    for (let attempt = 1; ; attempt++) {
      const image = await this.render(state, imageFormat);
      const now = this.clock.now();
      const id = newId('qr', now);
      try {
        await insertCode(
          this.db,
          { id, account_id: accountId, ...columnsOf(state), created_at: now, updated_at: now },
          ruleIds,
        );
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
        if (given !== undefined) throw this.slugTaken(state);
        if (attempt >= RANDOM_SLUG_ATTEMPTS) throw error;
        state.slug = randomSlug();
        continue;
      }
      await this.emit({ id, hostKey: state.hostKey, slug: state.slug });
      return { code: await this.get(accountId, id), image };
    }
  }

  async update(accountId: string, id: string, patch: PatchCodeInput): Promise<CodeResource> {
    const row = await findCode(this.db, accountId, id);
    if (!row) throw notFound('QR code');
    const before = stateOf(row);
    const after = await this.patched(accountId, before, patch);
    this.validate(after, after.exec);
    if (after.mode !== before.mode) await this.refuseRulesOnModeChange(id, after.mode);
    if (after.slug !== before.slug || after.hostKey !== before.hostKey) this.refuseReserved(after);
    const drawingChanged =
      this.payloadOf(after) !== this.payloadOf(before) ||
      JSON.stringify(after.style) !== JSON.stringify(before.style);
    if (drawingChanged) await this.render(after, 'svg');
    try {
      await updateCode(this.db, accountId, id, { ...columnsOf(after), updated_at: this.clock.now() });
    } catch (error) {
      if (isUniqueViolation(error)) throw this.slugTaken(after);
      throw error;
    }
    await this.emit({ id, hostKey: before.hostKey, slug: before.slug });
    if (after.slug !== before.slug || after.hostKey !== before.hostKey) {
      await this.emit({ id, hostKey: after.hostKey, slug: after.slug });
    }
    return this.get(accountId, id);
  }

  async delete(accountId: string, id: string): Promise<void> {
    const row = await deleteCode(this.db, accountId, id);
    if (!row) throw notFound('QR code');
    await this.emit({ id, hostKey: row.host_key, slug: row.slug });
  }

  async getRules(accountId: string, id: string): Promise<string[]> {
    const row = await findCode(this.db, accountId, id);
    if (!row) throw notFound('QR code');
    return (await findRuleIds(this.db, [id])).get(id) ?? [];
  }

  /** Assigns rules in order; every id must be one of the account's rules. */
  async setRules(accountId: string, id: string, ruleIds: string[]): Promise<string[]> {
    const row = await findCode(this.db, accountId, id);
    if (!row) throw notFound('QR code');
    await this.checkRuleIds(accountId, row.mode, ruleIds, '/body/rules');
    if (!(await replaceRules(this.db, accountId, id, ruleIds, this.clock.now()))) throw notFound('QR code');
    await this.emit({ id, hostKey: row.host_key, slug: row.slug });
    return ruleIds;
  }

  /** A rule was deleted: no code may keep it; each code that had it changes. */
  async removeRule(ruleId: string): Promise<void> {
    const changed = await removeRuleEverywhere(this.db, ruleId, this.clock.now());
    await this.emit(...changed.map((code) => ({ id: code.id, hostKey: code.host_key, slug: code.slug })));
  }

  // ------------------------------------------------------------------------------------------
  // Images

  /** The code's image with its stored style, with the image endpoints' query overrides laid over it. */
  async imageOf(
    accountId: string,
    id: string,
    format: ImageFormat,
    overrides: ImageQueryInput = {},
  ): Promise<RenderedImage> {
    const row = await findCode(this.db, accountId, id);
    if (!row) throw notFound('QR code');
    const state = stateOf(row);
    const style = await this.options.logos.inline(applyImageOverrides(state.style, overrides));
    return this.images.render(this.payloadOf(state), style, format, {
      data: dataPathOf(state),
      style: overridePaths(overrides),
    });
  }

  private async render(state: CodeState, format: ImageFormat): Promise<RenderedImage> {
    return this.images.render(this.payloadOf(state), await this.options.logos.inline(state.style), format, {
      data: dataPathOf(state),
      style: '/body/style',
    });
  }

  // ------------------------------------------------------------------------------------------
  // Helpers

  /** Checks the state and stores its URLs normalised (see shared/http-url.ts). */
  private validate(state: CodeState, exec: Partial<ExecSettings> | null): void {
    const fields = { mode: state.mode, target: state.target, data: state.data, exec };
    const errors = [
      ...validateModeFields(fields, '/body', { isOwnShortUrl: this.options.isOwnShortUrl }),
      ...validateTags(state.tags, '/body/tags'),
      ...validateTitle(state.title, '/body/title'),
    ];
    if (errors.length > 0) throw validationFailed(errors);
    Object.assign(state, normalizeModeUrls({ target: state.target, data: state.data, exec: state.exec }));
    checkStyle(state.style, '/body/style');
  }

  /**
   * Rules apply to redirect codes only: a static code's symbol holds its data, and an exec code
   * asks its exec URL. Every id must be one of the account's rules, once.
   */
  private async checkRuleIds(accountId: string, mode: CodeMode, ruleIds: string[], path: string) {
    if (ruleIds.length === 0) return;
    if (mode !== 'redirect') throw validationFailed([{ path, message: rulesRefusedFor(mode) }]);
    const known = new Set(
      (await this.options.rules.getManyForAccount(accountId, [...new Set(ruleIds)])).map((r) => r.id),
    );
    const errors: FieldError[] = [];
    const seen = new Set<string>();
    ruleIds.forEach((ruleId, i) => {
      if (seen.has(ruleId)) errors.push({ path: `${path}/${i}`, message: 'appears more than once' });
      else if (!known.has(ruleId))
        errors.push({ path: `${path}/${i}`, message: 'is not a rule of this account' });
      seen.add(ruleId);
    });
    if (errors.length > 0) throw validationFailed(errors);
  }

  /** A code with rules stays a redirect code until its rules are taken off, so none is silently ignored. */
  private async refuseRulesOnModeChange(id: string, mode: CodeMode): Promise<void> {
    if (mode === 'redirect') return;
    const ruleIds = (await findRuleIds(this.db, [id])).get(id) ?? [];
    if (ruleIds.length === 0) return;
    throw validationFailed([
      {
        path: '/body/mode',
        message: `cannot become ${mode} while ${ruleIds.length} rule(s) are assigned: ${rulesRefusedFor(mode)}; assign no rules first (PUT /rules with [])`,
      },
    ]);
  }

  private refuseReserved(state: CodeState): void {
    if (isReservedSlug(state.slug, state.hostKey)) {
      throw new Problem(
        'conflict',
        `The slug "${state.slug}" is reserved: the site uses it on the primary host. Choose another, or leave slug out for a random one.`,
        { errors: [{ path: '/body/slug', message: 'is reserved on the primary host' }] },
      );
    }
  }

  private slugTaken(state: CodeState): Problem {
    const where = state.hostKey === '' ? 'the primary host' : state.hostKey;
    return new Problem(
      'conflict',
      `The slug "${state.slug}" is already taken on ${where}. Choose another, or leave slug out for a random one.`,
      { errors: [{ path: '/body/slug', message: 'is already taken' }] },
    );
  }

  /** The state after a merge patch. A change of mode drops the fields of the old mode the patch left alone. */
  private async patched(accountId: string, before: CodeState, patch: PatchCodeInput): Promise<CodeState> {
    const after: CodeState = { ...before };
    if (patch.mode !== undefined && patch.mode !== before.mode) {
      after.mode = patch.mode;
      if (patch.target === undefined) after.target = null;
      if (patch.data === undefined) after.data = null;
      if (patch.exec === undefined) after.exec = null;
    }
    if (patch.slug !== undefined) after.slug = patch.slug;
    if (patch.target !== undefined) after.target = patch.target;
    if (patch.data !== undefined) {
      // A new kind starts from nothing: the old kind's fields would not belong to it.
      const base = patch.data?.kind !== undefined && patch.data.kind !== after.data?.kind ? null : after.data;
      after.data = patch.data === null ? null : (applyMergePatch(base, patch.data) as unknown as StaticData);
    }
    if (patch.exec !== undefined) {
      after.exec =
        patch.exec === null
          ? null
          : normalizeExec(applyMergePatch(after.exec, patch.exec) as Partial<ExecSettings>);
    }
    if (patch.style !== undefined) {
      const merged =
        patch.style === null ? {} : (applyMergePatch(before.style, patch.style) as Record<string, unknown>);
      after.style =
        patch.style === null ? {} : await this.options.logos.store(accountId, merged, '/body/style');
    }
    if (patch.title !== undefined) after.title = patch.title;
    if (patch.tags !== undefined) after.tags = normalizeTags(patch.tags ?? []);
    if (patch.enabled !== undefined) after.enabled = patch.enabled;
    return after;
  }

  private async toResources(rows: QrCodeRow[]): Promise<CodeResource[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const [rules, totals] = await Promise.all([findRuleIds(this.db, ids), this.options.scans.totalsFor(ids)]);
    return rows.map((row) => {
      const state = stateOf(row);
      return {
        id: row.id,
        slug: row.slug,
        hostname: row.host_key === '' ? null : row.host_key,
        shortUrl: this.shortUrl(row.host_key, row.slug),
        mode: row.mode,
        target: state.target,
        data: state.data,
        exec: state.exec,
        rules: rules.get(row.id) ?? [],
        style: state.style,
        title: state.title,
        tags: state.tags,
        enabled: state.enabled,
        scans: totals.get(row.id) ?? NO_SCANS,
        createdAt: toIso(row.created_at) ?? '',
        updatedAt: toIso(row.updated_at) ?? '',
      };
    });
  }
}
