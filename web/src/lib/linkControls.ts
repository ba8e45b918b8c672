/**
 * Link controls of a redirect or exec code (API.md "Link controls and the scan simulator"): the
 * pure parts the code forms, the badges and "Test a scan" share. No I/O here.
 */

import type { ApiAnswer } from '@site/src/api/types';

export const UTM_FIELDS = ['source', 'medium', 'campaign', 'term', 'content'] as const;
export type UtmField = (typeof UTM_FIELDS)[number];
export type Utm = Partial<Record<UtmField, string>>;

/**
 * The link-control fields of a code as the API answers them (optional, so a new code's empty form
 * and a static code fit too).
 */
export type LinkControls = Partial<
  Pick<
    ApiAnswer<'/api/v1/qrcodes/{id}'>,
    'activeFrom' | 'expiresAt' | 'maxScans' | 'expiredTarget' | 'passwordProtected' | 'utm' | 'apps'
  >
>;

/** Compiles only while the API's UTM tags are the fields this site edits. */
export const utmFitsTheApi: NonNullable<LinkControls['utm']> extends Utm ? true : false = true;

/** The names of the URL's own query parameters (the fragment is not the query). */
function queryNamesOf(url: string): Set<string> {
  const hash = url.indexOf('#');
  const withoutHash = hash === -1 ? url : url.slice(0, hash);
  const question = withoutHash.indexOf('?');
  return new Set(question === -1 ? [] : new URLSearchParams(withoutHash.slice(question + 1)).keys());
}

/** A value in a query string; broken text (a lone UTF-16 half) shows U+FFFD instead of throwing. */
function encodeUtmValue(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
}

/**
 * The target with the code's UTM parameters added, as the edge adds them (redirect/scan-decision.ts
 * withUtm): in the order of `utm`'s keys, each unless the target already has it, its own query
 * kept as written and the fragment last.
 */
export function withUtm(target: string, utm: Utm | null | undefined): string {
  if (!utm) return target;
  const own = queryNamesOf(target);
  let extra = '';
  for (const field of Object.keys(utm) as UtmField[]) {
    const value = utm[field];
    const name = `utm_${field}`;
    if (value === undefined || value === '' || own.has(name)) continue;
    extra += `${extra === '' ? '' : '&'}${name}=${encodeUtmValue(value)}`;
  }
  if (extra === '') return target;
  const hash = target.indexOf('#');
  const base = hash === -1 ? target : target.slice(0, hash);
  const fragment = hash === -1 ? '' : target.slice(hash);
  const separator = !base.includes('?') ? '?' : base.endsWith('?') || base.endsWith('&') ? '' : '&';
  return `${base}${separator}${extra}${fragment}`;
}

/**
 * The URL as the server stores it (WHATWG serialisation), or null when it is not an http(s) URL
 * yet (the preview then waits for a whole one).
 */
export function normalisedUrl(text: string): string | null {
  try {
    const url = new URL(text.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The UTM fields that hold something, trimmed; null when none does (the API then clears `utm`). */
export function utmOf(draft: Readonly<Record<UtmField, string>>): Utm | null {
  const utm: Utm = {};
  for (const field of UTM_FIELDS) {
    const value = draft[field].trim();
    if (value !== '') utm[field] = value;
  }
  return Object.keys(utm).length === 0 ? null : utm;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * An ISO instant as a `datetime-local` value in the browser's zone (the user's zone): the browser
 * reads and writes such values in that zone, so both ways agree.
 */
export function localInputOf(iso: string | null | undefined): string {
  if (!iso) return '';
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** A `datetime-local` value (the user's zone) as an ISO UTC instant; null when empty or unreadable. */
export function isoOfLocalInput(value: string): string | null {
  if (value.trim() === '') return null;
  // Without an offset, a date-time string is read in the local zone (ECMA-262 Date.parse).
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

/** The user's IANA time zone, shown beside every date-time field. */
export function userTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** An instant in words in the user's zone: "26 Nov 2026, 10:30". */
export function formatInstant(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

export type BadgeKind = 'expired' | 'scheduled' | 'used-up' | 'capped' | 'locked';

export interface CodeBadge {
  kind: BadgeKind;
  /** The word on the badge. */
  label: string;
  /** What it means for scanners, in a sentence (its tooltip and screen-reader text). */
  explanation: string;
}

/**
 * The states a scanner would notice now: not yet active, expired, capped or used up (counted scans
 * against `maxScans`), locked by a password. Computed from the answer's fields and `now`.
 */
export function badgesOf(
  code: LinkControls & { scans: { total: number } },
  now: Date = new Date(),
): CodeBadge[] {
  const badges: CodeBadge[] = [];
  const time = now.getTime();
  if (code.activeFrom && new Date(code.activeFrom).getTime() > time)
    badges.push({
      kind: 'scheduled',
      label: 'Scheduled',
      explanation: `Not active until ${formatInstant(code.activeFrom)}.`,
    });
  if (code.expiresAt && new Date(code.expiresAt).getTime() <= time)
    badges.push({
      kind: 'expired',
      label: 'Expired',
      explanation: `Expired ${formatInstant(code.expiresAt)}.`,
    });
  if (code.maxScans !== null && code.maxScans !== undefined) {
    const usedUp = code.scans.total >= code.maxScans;
    badges.push(
      usedUp
        ? {
            kind: 'used-up',
            label: 'Used up',
            explanation: `All ${code.maxScans} scans are used.`,
          }
        : {
            kind: 'capped',
            label: 'Capped',
            explanation: `${code.scans.total} of ${code.maxScans} scans used.`,
          },
    );
  }
  if (code.passwordProtected)
    badges.push({ kind: 'locked', label: 'Locked', explanation: 'Scanners enter a password first.' });
  return badges;
}

/** The link-control fields as a form edits them: text as typed, the password as an intent. */
export interface LinkControlsDraft {
  activeFrom: string;
  expiresAt: string;
  maxScans: string;
  expiredTarget: string;
  /** keep: leave it as it is (never shown back); set: the new password; remove: clear it. */
  password: { action: 'keep' | 'set' | 'remove'; value: string };
  utm: Record<UtmField, string>;
  ios: string;
  android: string;
}

/** The form's starting values: the code's, or empty for a new code. */
export function draftOf(code: LinkControls = {}): LinkControlsDraft {
  return {
    activeFrom: localInputOf(code.activeFrom),
    expiresAt: localInputOf(code.expiresAt),
    maxScans: code.maxScans === null || code.maxScans === undefined ? '' : String(code.maxScans),
    expiredTarget: code.expiredTarget ?? '',
    password: { action: 'keep', value: '' },
    utm: {
      source: code.utm?.source ?? '',
      medium: code.utm?.medium ?? '',
      campaign: code.utm?.campaign ?? '',
      term: code.utm?.term ?? '',
      content: code.utm?.content ?? '',
    },
    ios: code.apps?.ios ?? '',
    android: code.apps?.android ?? '',
  };
}

/** The request's values of a draft (null clears); the password only when set or removed. */
function valuesOf(draft: LinkControlsDraft): Record<string, unknown> {
  const text = (value: string) => (value.trim() === '' ? null : value.trim());
  const ios = text(draft.ios);
  const android = text(draft.android);
  const values: Record<string, unknown> = {
    activeFrom: isoOfLocalInput(draft.activeFrom),
    expiresAt: isoOfLocalInput(draft.expiresAt),
    // A number the API refuses (0, 2.5) is sent as typed, so its answer names the field.
    maxScans: draft.maxScans.trim() === '' ? null : Number(draft.maxScans),
    expiredTarget: text(draft.expiredTarget),
    utm: utmOf(draft.utm),
    apps:
      ios === null && android === null ? null : { ...(ios ? { ios } : {}), ...(android ? { android } : {}) },
  };
  if (draft.password.action === 'set' && draft.password.value !== '') values.password = draft.password.value;
  if (draft.password.action === 'remove') values.password = null;
  return values;
}

/** For POST /qrcodes: only the controls that hold something. */
export function createBodyOf(draft: LinkControlsDraft): Record<string, unknown> {
  return Object.fromEntries(Object.entries(valuesOf(draft)).filter(([, value]) => value !== null));
}

/**
 * For a merge patch: only what differs from the code's (the password when set or removed). `utm`
 * and `apps` merge field by field on the server, so an emptied field is sent as null.
 */
export function patchBodyOf(draft: LinkControlsDraft, code: LinkControls): Record<string, unknown> {
  const before = valuesOf(draftOf(code));
  const after = valuesOf(draft);
  const patch: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(after)) {
    if (name !== 'password' && JSON.stringify(value) === JSON.stringify(before[name])) continue;
    patch[name] = value;
  }
  if (patch.utm) patch.utm = withNulls(UTM_FIELDS, patch.utm as Record<string, string>);
  if (patch.apps) patch.apps = withNulls(['ios', 'android'], patch.apps as Record<string, string>);
  return patch;
}

/** Every field of an object, null where it has none (a merge patch then clears them). */
function withNulls(fields: readonly string[], value: Record<string, string>): Record<string, string | null> {
  return Object.fromEntries(fields.map((field) => [field, value[field] ?? null]));
}

/** Whether a code has any control set (its form then opens with them shown). */
export function hasControls(code: LinkControls): boolean {
  return Object.keys(createBodyOf(draftOf(code))).length > 0 || code.passwordProtected === true;
}
