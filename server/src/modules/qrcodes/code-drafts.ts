import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { WorkspaceAccess } from '../../plugins/auth.js';
import type { OwnShortUrlTest } from '../../shared/http-url.js';
import { type FieldError, Problem, validationFailed } from '../../shared/problem.js';
import type { CodeImages } from './code-images.js';
import { hashCodePassword, storedHashOf } from './code-password.js';
import type { CodeRules } from './code-rules.js';
import { type CodeState, mergeCodePatch, payloadOf, stateOf } from './code-state.js';
import {
  controlsOnStatic,
  mergeControls,
  NO_CONTROLS,
  normalizeControlUrls,
  validateLinkControls,
} from './link-controls.js';
import { checkStyle } from './qrcodes.images.js';
import type { CodeLogos } from './qrcodes.logo.js';
import { countCodes } from './qrcodes.repository.js';
import type { CreateCodeCommand, PatchCodeInput } from './qrcodes.schemas.js';
import type { QrCodeRow } from './qrcodes.table.js';
import {
  type ExecSettings,
  normalizeExec,
  normalizeModeUrls,
  normalizeTags,
  validateModeFields,
  validateTags,
  validateTitle,
} from './qrcodes.validate.js';
import { isReservedSlug, randomSlug, reservedSlugProblem } from './slugs.js';

/** The hostnames service as this module uses it: the verified name a code may be bound to. */
export interface HostnameDirectory {
  /** The account's verified hostname named by its name or id; throws 404 or 409 problems at `path`. */
  bindable(workspaceId: string, nameOrId: string, path: string): Promise<string>;
}

export interface CodeDraftsOptions {
  /** Base of the primary host's short URLs. */
  shortBase: string;
  /** Our own short URLs, which no target may be (the scan would loop). */
  isOwnShortUrl: OwnShortUrlTest;
  logos: CodeLogos;
  hostnames: HostnameDirectory;
  rules: CodeRules;
  images: CodeImages;
  /** How many codes a workspace may hold (its plans, CODES_LIMIT); absent or Infinity: no limit. */
  codesLimit?: ((workspaceId: string) => Promise<number>) | undefined;
}

/** A create body as the code it would store. */
export interface PreparedCode {
  state: CodeState;
  ruleIds: string[];
  /** The slug the body gave (undefined: a random one was drawn). */
  given: string | undefined;
}

/** A code before and after a merge patch; `moved`: its slug or host changed. */
export interface PreparedUpdate {
  before: CodeState;
  after: CodeState;
  moved: boolean;
}

/**
 * A create body or a merge patch as the code it would store, checked as the single routes check
 * them (and bulk calls, item by item): fields, a verified hostname, rules, link controls, a
 * reserved slug, a drawing that must still decode, the codes limit. Writes nothing but a logo.
 */
export class CodeDrafts {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: CodeDraftsOptions,
  ) {}

  /**
   * A create body as the code it would store, checked as POST /qrcodes checks it, with field paths
   * under `base` ('/body', or '/body/items/3' for an item of a bulk create). Throws the problem.
   * `dryRun` checks a logo without storing it and leaves a password unhashed (see `check`);
   * `newRuleIds` are rules to be stored with the code, which its `rules` may name.
   */
  async create(
    access: WorkspaceAccess,
    input: CreateCodeCommand,
    base: string,
    { dryRun = false, newRuleIds }: { dryRun?: boolean; newRuleIds?: ReadonlySet<string> | undefined } = {},
  ): Promise<PreparedCode> {
    const workspaceId = access.workspaceId;
    const given = input.slug;
    const style = input.style ?? {};
    const state: CodeState = {
      mode: input.mode,
      slug: given ?? randomSlug(),
      hostKey: await this.hostKeyOf(workspaceId, input.hostname, '', `${base}/hostname`),
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
    await this.options.rules.check(workspaceId, state.mode, ruleIds, `${base}/rules`, newRuleIds);
    return { state, ruleIds, given };
  }

  /**
   * A code's state after a merge patch, checked as PATCH /qrcodes/{id} checks it (a changed
   * drawing is drawn and verified), with field paths under `base`. Throws the problem.
   */
  async update(
    access: WorkspaceAccess,
    row: QrCodeRow,
    patch: PatchCodeInput,
    base: string,
    verify: (state: CodeState) => Promise<unknown> = (state) => this.options.images.draw(state, 'svg', base),
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
    if (after.mode !== before.mode)
      await this.options.rules.refuseModeChange(row.id, after.mode, `${base}/mode`);
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

  /**
   * How many more codes the workspace may hold (Infinity: no limit); `wanted` more than that is a
   * 402 `limit_reached` that says how many fit, so nothing is created.
   */
  async refuseOverCodeLimit(workspaceId: string, wanted: number): Promise<void> {
    const limit = (await this.options.codesLimit?.(workspaceId)) ?? Number.POSITIVE_INFINITY;
    if (limit === Number.POSITIVE_INFINITY || wanted === 0) return;
    const fits = Math.max(0, limit - (await countCodes(this.db, workspaceId)));
    if (wanted <= fits) return;
    throw codeLimitProblem(limit, fits, wanted);
  }

  /**
   * The host a code is served on after `hostname` (omitted: `current`; null: the primary host).
   * Only a new binding must be verified: a code stays on a name that failed later.
   */
  private async hostKeyOf(
    workspaceId: string,
    hostname: string | null | undefined,
    current: string,
    path: string,
  ) {
    if (hostname === undefined) return current;
    if (hostname === null) return '';
    if (hostname.toLowerCase().replace(/\.$/, '') === current) return current;
    return this.options.hostnames.bindable(workspaceId, hostname, path);
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
