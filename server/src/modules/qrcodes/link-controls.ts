import { type HttpUrlOptions, normalizeHttpUrl } from '../../shared/http-url.js';
import { applyMergePatch } from '../../shared/merge-patch.js';
import type { FieldError } from '../../shared/problem.js';
import type { EdgeColumns } from './edge-fields.js';

/**
 * Link controls of redirect and exec codes (issue 32): when a code is active, how many scans it
 * takes, where scanners go once it is not, a password, UTM tags and app targets. Pure: the
 * stored form, its checks and normalisation, and a merge patch of it. The password is hashed by
 * code-password.ts; here it is only the stored hash.
 */

export const UTM_FIELDS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export type UtmField = (typeof UTM_FIELDS)[number];
export type Utm = Partial<Record<UtmField, string>>;

export const APP_PLATFORMS = ['ios', 'android'] as const;
export type AppPlatform = (typeof APP_PLATFORMS)[number];
export type AppTargets = Partial<Record<AppPlatform, string>>;

/** Whether scans of the code hand the target their id (`rq_id` by default) for conversions (issue 47). */
export interface CodeAttribution {
  enabled: boolean;
  parameter: string;
}

export const ATTRIBUTION_PARAMETER = /^[A-Za-z0-9_.~-]{1,40}$/;

export const CONTROL_LIMITS = {
  utmLength: 200,
  passwordMin: 4,
  passwordMax: 128,
  maxScans: 1_000_000_000,
} as const;

export interface LinkControls {
  /** Epoch ms; before it the code is not active yet. */
  activeFrom: number | null;
  /** Epoch ms; from it on the code is expired. */
  expiresAt: number | null;
  /** Counted (human) scans the code answers; then it is used up. */
  maxScans: number | null;
  /** Where a code that is not active, expired or used up sends scanners; null: a 410 page. */
  expiredTarget: string | null;
  /** code-password.ts's stored form; null: no password. */
  passwordHash: string | null;
  utm: Utm | null;
  apps: AppTargets | null;
  /** The code's own attribution setting; null: the workspace's default. */
  attribution: CodeAttribution | null;
}

export const NO_CONTROLS: Readonly<LinkControls> = Object.freeze({
  activeFrom: null,
  expiresAt: null,
  maxScans: null,
  expiredTarget: null,
  passwordHash: null,
  utm: null,
  apps: null,
  attribution: null,
});

/** The controls as create and patch bodies carry them (times as ISO text, the password in clear). */
export interface LinkControlsInput {
  activeFrom?: string | null;
  expiresAt?: string | null;
  maxScans?: number | null;
  expiredTarget?: string | null;
  password?: string | null;
  utm?: Partial<Record<UtmField, string | null>> | null;
  apps?: Partial<Record<AppPlatform, string | null>> | null;
  attribution?: Partial<CodeAttribution> | null;
}

/** The fields of LinkControlsInput, in the order errors name them. */
export const CONTROL_FIELDS = [
  'activeFrom',
  'expiresAt',
  'maxScans',
  'expiredTarget',
  'password',
  'utm',
  'apps',
  'attribution',
] as const satisfies readonly (keyof LinkControlsInput)[];

export function hasControls(controls: LinkControls): boolean {
  return Object.values(controls).some((value) => value !== null);
}

/** An ISO time as epoch ms; NaN when it is not one (the schema's date-time format refuses most). */
function instantOf(text: string): number {
  return Date.parse(text);
}

/** Drops empty values; an object left with nothing is null (no UTM tags, no apps). */
/**
 * The set fields of `value`, trimmed, in the order of `fields`: stored UTM tags keep one order
 * (source, medium, campaign, term, content) however a patch named them, so every target gets its
 * tags in the order the site's preview shows.
 */
function compact<K extends string>(
  value: Partial<Record<K, string | null>> | null,
  fields: readonly K[],
): Partial<Record<K, string>> | null {
  if (value === null) return null;
  const kept: [K, string][] = [];
  for (const field of fields) {
    const text = value[field];
    if (typeof text === 'string' && text.trim() !== '') kept.push([field, text.trim()]);
  }
  return kept.length === 0 ? null : (Object.fromEntries(kept) as Partial<Record<K, string>>);
}

/**
 * The controls after a merge patch (RFC 7396): omitted fields stay, null clears, `utm` and `apps`
 * merge field by field. The password is left to the caller (hashing is async); times that are
 * not times are kept as NaN for validateLinkControls to name.
 */
export function mergeControls(before: LinkControls, patch: LinkControlsInput): LinkControls {
  const after: LinkControls = { ...before };
  if (patch.activeFrom !== undefined)
    after.activeFrom = patch.activeFrom === null ? null : instantOf(patch.activeFrom);
  if (patch.expiresAt !== undefined)
    after.expiresAt = patch.expiresAt === null ? null : instantOf(patch.expiresAt);
  if (patch.maxScans !== undefined) after.maxScans = patch.maxScans;
  if (patch.expiredTarget !== undefined) after.expiredTarget = patch.expiredTarget;
  if (patch.utm !== undefined) {
    after.utm = compact(
      patch.utm === null ? null : (applyMergePatch(before.utm, patch.utm) as Utm),
      UTM_FIELDS,
    );
  }
  if (patch.apps !== undefined) {
    after.apps = compact(
      patch.apps === null ? null : (applyMergePatch(before.apps, patch.apps) as AppTargets),
      APP_PLATFORMS,
    );
  }
  if (patch.attribution !== undefined) {
    after.attribution =
      patch.attribution === null
        ? null
        : {
            enabled: patch.attribution.enabled ?? before.attribution?.enabled ?? true,
            parameter: patch.attribution.parameter ?? before.attribution?.parameter ?? 'rq_id',
          };
  }
  return after;
}

// A UTF-16 half without its other half: no URL can carry it (encodeURIComponent throws).
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function hasControlCharacters(value: string): boolean {
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

function urlProblem(value: string, options: HttpUrlOptions): string | null {
  const checked = normalizeHttpUrl(value, options);
  return checked.ok ? null : checked.message;
}

/**
 * The controls a static code was given (none may be: its symbol holds its data, so no scan
 * reaches us); `password` is the one this request gives, if any. Each is refused at its path.
 */
export function controlsOnStatic(
  controls: LinkControls,
  password: string | null | undefined,
  base: string,
): FieldError[] {
  return CONTROL_FIELDS.filter((field) =>
    field === 'password' ? (password ?? controls.passwordHash) != null : controls[field] !== null,
  ).map((field) => ({
    path: `${base}/${field}`,
    message:
      'is only for redirect and exec codes: a static code encodes its data, so no scan reaches us; send null or leave it out',
  }));
}

/**
 * Checks the controls of a redirect or exec code; `password` is the password given in this
 * request (undefined: none given). Paths are JSON pointers under `base` ("/body").
 */
export function validateLinkControls(
  controls: LinkControls,
  password: string | null | undefined,
  base: string,
  options: HttpUrlOptions = {},
): FieldError[] {
  const errors: FieldError[] = [];
  const at = (field: string, message: string) => errors.push({ path: `${base}/${field}`, message });
  const { activeFrom, expiresAt, maxScans } = controls;
  if (activeFrom !== null && !Number.isFinite(activeFrom))
    at('activeFrom', 'must be an ISO 8601 date-time with an offset');
  if (expiresAt !== null && !Number.isFinite(expiresAt))
    at('expiresAt', 'must be an ISO 8601 date-time with an offset');
  if (activeFrom !== null && expiresAt !== null && Number.isFinite(activeFrom) && activeFrom >= expiresAt)
    at('expiresAt', 'must be after activeFrom');
  if (
    maxScans !== null &&
    (!Number.isInteger(maxScans) || maxScans < 1 || maxScans > CONTROL_LIMITS.maxScans)
  )
    at('maxScans', `must be a whole number from 1 to ${CONTROL_LIMITS.maxScans}`);
  if (controls.expiredTarget !== null) {
    const problem = urlProblem(controls.expiredTarget, options);
    if (problem) at('expiredTarget', problem);
  }
  if (typeof password === 'string') {
    if (password.length < CONTROL_LIMITS.passwordMin || password.length > CONTROL_LIMITS.passwordMax)
      at('password', `must be ${CONTROL_LIMITS.passwordMin} to ${CONTROL_LIMITS.passwordMax} characters`);
    else if (hasControlCharacters(password) || LONE_SURROGATE.test(password))
      at('password', 'must be text without control characters');
  }
  for (const [field, value] of Object.entries(controls.utm ?? {})) {
    if (value.length > CONTROL_LIMITS.utmLength)
      at(`utm/${field}`, `must be at most ${CONTROL_LIMITS.utmLength} characters`);
    else if (hasControlCharacters(value)) at(`utm/${field}`, 'must not contain control characters');
    else if (LONE_SURROGATE.test(value)) at(`utm/${field}`, 'must be valid Unicode text');
  }
  for (const [platform, value] of Object.entries(controls.apps ?? {})) {
    const problem = urlProblem(value, options);
    if (problem) at(`apps/${platform}`, problem);
  }
  if (controls.attribution && !ATTRIBUTION_PARAMETER.test(controls.attribution.parameter))
    at('attribution/parameter', 'must be 1 to 40 letters, digits or _ . ~ -');
  return errors;
}

function storedUrl(value: string): string {
  const checked = normalizeHttpUrl(value);
  return checked.ok ? checked.url : value;
}

/** Checked controls with their URLs in the form we store (ASCII, as the edge sends them). */
export function normalizeControlUrls(controls: LinkControls): LinkControls {
  const apps = controls.apps
    ? (Object.fromEntries(Object.entries(controls.apps).map(([k, v]) => [k, storedUrl(v)])) as AppTargets)
    : null;
  return {
    ...controls,
    expiredTarget: controls.expiredTarget === null ? null : storedUrl(controls.expiredTarget),
    apps,
  };
}

/** The controls as the API shows them: times as ISO text, the password as a fact. */
export function controlsView(controls: LinkControls) {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    activeFrom: iso(controls.activeFrom),
    expiresAt: iso(controls.expiresAt),
    maxScans: controls.maxScans,
    expiredTarget: controls.expiredTarget,
    passwordProtected: controls.passwordHash !== null,
    utm: controls.utm,
    apps: controls.apps,
    attribution: controls.attribution,
  };
}

function parseJson<T>(text: string | null): T | null {
  return text === null ? null : (JSON.parse(text) as T);
}

/** The controls' columns of a qrcodes row (the edge reads them: edge-fields.ts declares them). */
export type ControlColumns = Pick<
  EdgeColumns,
  | 'active_from'
  | 'expires_at'
  | 'max_scans'
  | 'expired_target'
  | 'password_hash'
  | 'utm_json'
  | 'apps_json'
  | 'attribution_json'
>;

export function controlsOf(row: ControlColumns): LinkControls {
  return {
    activeFrom: row.active_from,
    expiresAt: row.expires_at,
    maxScans: row.max_scans,
    expiredTarget: row.expired_target,
    passwordHash: row.password_hash,
    utm: parseJson<Utm>(row.utm_json),
    apps: parseJson<AppTargets>(row.apps_json),
    attribution: parseJson<CodeAttribution>(row.attribution_json),
  };
}

export function controlColumnsOf(controls: LinkControls): ControlColumns {
  return {
    active_from: controls.activeFrom,
    expires_at: controls.expiresAt,
    max_scans: controls.maxScans,
    expired_target: controls.expiredTarget,
    password_hash: controls.passwordHash,
    utm_json: controls.utm ? JSON.stringify(controls.utm) : null,
    apps_json: controls.apps ? JSON.stringify(controls.apps) : null,
    attribution_json: controls.attribution ? JSON.stringify(controls.attribution) : null,
  };
}
