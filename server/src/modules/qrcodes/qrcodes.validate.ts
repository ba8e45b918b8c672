import { STATIC_FIELDS, STATIC_KINDS, type StaticData } from '@rq/qr';
import { type HttpUrlOptions, normalizeHttpUrl } from '../../shared/http-url.js';
import type { FieldError } from '../../shared/problem.js';
import { LIMITS } from './code-limits.js';

/**
 * What a code's fields may be: its mode and the fields that mode needs (a redirect target, static
 * data of a kind, exec settings), tags and title, and no NUL anywhere in a request. Static data's
 * encoding is @rq/qr's static-data.ts; slugs are slugs.ts.
 */

export const CODE_MODES = ['static', 'redirect', 'exec'] as const;
export type CodeMode = (typeof CODE_MODES)[number];

export { LIMITS };

export interface ExecSettings {
  url: string;
  timeoutMs: number;
  fallback: string;
}

// ---------------------------------------------------------------------------------------------
// Field checks

/** An absolute http(s) URL with a host, or a message saying what is wrong with it. */
export function httpUrlProblem(value: string, options: HttpUrlOptions = {}): string | null {
  const checked = normalizeHttpUrl(value, options);
  return checked.ok ? null : checked.message;
}

/** A checked URL in the form we store (see shared/http-url.ts). */
function storedUrl(value: string): string {
  const checked = normalizeHttpUrl(value);
  return checked.ok ? checked.url : value;
}

// Pragmatic address check: one @, a non-empty local part without spaces, a dotted domain.
const EMAIL =
  /^[^\s@"<>()[\]\\,;:]{1,64}@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

/** E.164-ish: an optional +, digits with spaces, dots, dashes or parentheses between, 3 to 15 digits. */
export function isPhoneNumber(value: string): boolean {
  if (!/^\+?[0-9][0-9 ().-]*$/.test(value) || value.length > 32) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 3 && digits <= 15;
}

function hasControlCharacters(value: string): boolean {
  // Newlines are fine in free text (messages, addresses); other control characters are not.
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if ((code < 0x20 && char !== '\n' && char !== '\r' && char !== '\t') || code === 0x7f) return true;
  }
  return false;
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}

/** Checks static data against its kind; paths are JSON pointers under `base` (e.g. "/body/data"). */
export function validateStaticData(data: StaticData, base: string): FieldError[] {
  const errors: FieldError[] = [];
  const fields = STATIC_FIELDS[data.kind];
  if (!fields) return [{ path: `${base}/kind`, message: `must be one of: ${STATIC_KINDS.join(', ')}` }];
  const record = data as unknown as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (key === 'kind') continue;
    if (!(key in fields))
      errors.push({ path: `${base}/${key}`, message: `is not a field of ${data.kind} data` });
  }
  for (const [key, required] of Object.entries(fields)) {
    const value = record[key];
    if (required && (value === undefined || value === null || value === '')) {
      errors.push({ path: `${base}/${key}`, message: `is required for ${data.kind} data` });
    } else if (isString(value) && hasControlCharacters(value)) {
      errors.push({ path: `${base}/${key}`, message: 'must not contain control characters' });
    }
  }
  if (errors.length > 0) return errors;

  const at = (key: string, message: string) => errors.push({ path: `${base}/${key}`, message });
  switch (data.kind) {
    case 'url': {
      const problem = httpUrlProblem(data.url ?? '');
      if (problem) at('url', problem);
      break;
    }
    case 'email':
      if (!isEmailAddress(data.to ?? '')) at('to', 'must be an email address');
      break;
    case 'phone':
    case 'sms':
      if (!isPhoneNumber(data.number ?? '')) at('number', 'must be a phone number like +14155550123');
      break;
    case 'wifi': {
      const ssidBytes = Buffer.byteLength(data.ssid ?? '');
      if (ssidBytes > 32) at('ssid', 'must be at most 32 bytes');
      const password = data.password ?? '';
      if (data.encryption === 'nopass' && password !== '') {
        at('password', 'must be absent when encryption is nopass');
      } else if (data.encryption === 'WPA' && (password.length < 8 || password.length > 63)) {
        at('password', 'must be 8 to 63 characters for WPA');
      } else if (
        data.encryption === 'WEP' &&
        !/^(.{5}|.{13}|[0-9A-Fa-f]{10}|[0-9A-Fa-f]{26})$/.test(password)
      ) {
        at('password', 'must be 5 or 13 characters, or 10 or 26 hex digits, for WEP');
      }
      break;
    }
    case 'vcard':
      if (data.phone !== undefined && !isPhoneNumber(data.phone)) at('phone', 'must be a phone number');
      if (data.email !== undefined && !isEmailAddress(data.email)) at('email', 'must be an email address');
      if (data.url !== undefined) {
        const problem = httpUrlProblem(data.url);
        if (problem) at('url', problem);
      }
      break;
    case 'geo':
      if (!Number.isFinite(data.lat) || (data.lat ?? 0) < -90 || (data.lat ?? 0) > 90) {
        at('lat', 'must be a latitude from -90 to 90');
      }
      if (!Number.isFinite(data.lng) || (data.lng ?? 0) < -180 || (data.lng ?? 0) > 180) {
        at('lng', 'must be a longitude from -180 to 180');
      }
      break;
    case 'text':
      break;
  }
  return errors;
}

export interface ModeFields {
  mode: CodeMode;
  target: string | null | undefined;
  data: StaticData | null | undefined;
  exec: Partial<ExecSettings> | null | undefined;
}

/**
 * A code's mode and the fields it needs: redirect needs `target`, exec needs `exec`, static needs
 * `data`; the fields of the other modes must be absent or null.
 */
export function validateModeFields(
  code: ModeFields,
  base: string,
  options: HttpUrlOptions = {},
): FieldError[] {
  const errors: FieldError[] = [];
  const present = (value: unknown) => value !== undefined && value !== null;
  const needs: Record<CodeMode, 'target' | 'data' | 'exec'> = {
    redirect: 'target',
    static: 'data',
    exec: 'exec',
  };
  const own = needs[code.mode];
  for (const field of ['target', 'data', 'exec'] as const) {
    if (field === own && !present(code[field])) {
      errors.push({ path: `${base}/${field}`, message: `is required when mode is ${code.mode}` });
    } else if (field !== own && present(code[field])) {
      errors.push({
        path: `${base}/${field}`,
        message: `is only for ${modeOf(field)} codes; send null or leave it out`,
      });
    }
  }
  if (errors.length > 0) return errors;
  if (code.mode === 'redirect') {
    const problem = httpUrlProblem(code.target ?? '', options);
    if (problem) errors.push({ path: `${base}/target`, message: problem });
  } else if (code.mode === 'static' && code.data) {
    errors.push(...validateStaticData(code.data, `${base}/data`));
  } else if (code.mode === 'exec' && code.exec) {
    errors.push(...validateExec(code.exec, `${base}/exec`, options));
  }
  return errors;
}

/** The URLs of checked mode fields in the form we store them, so the edge only ever sends ASCII. */
export function normalizeModeUrls<T extends Omit<ModeFields, 'mode'>>(fields: T): T {
  const data = fields.data;
  const dataUrl = data && (data.kind === 'url' || data.kind === 'vcard') && data.url !== undefined;
  return {
    ...fields,
    target: fields.target ? storedUrl(fields.target) : fields.target,
    data: dataUrl ? { ...data, url: storedUrl(data.url as string) } : data,
    exec: fields.exec
      ? {
          ...fields.exec,
          ...(fields.exec.url === undefined ? {} : { url: storedUrl(fields.exec.url) }),
          ...(fields.exec.fallback === undefined ? {} : { fallback: storedUrl(fields.exec.fallback) }),
        }
      : fields.exec,
  };
}

function modeOf(field: 'target' | 'data' | 'exec'): CodeMode {
  return field === 'target' ? 'redirect' : field === 'data' ? 'static' : 'exec';
}

export function validateExec(
  exec: Partial<ExecSettings>,
  base: string,
  options: HttpUrlOptions = {},
): FieldError[] {
  const errors: FieldError[] = [];
  for (const key of ['url', 'fallback'] as const) {
    const value = exec[key];
    if (value === undefined || value === null) {
      errors.push({ path: `${base}/${key}`, message: 'is required' });
      continue;
    }
    const problem = httpUrlProblem(value, options);
    if (problem) errors.push({ path: `${base}/${key}`, message: problem });
  }
  const timeout = exec.timeoutMs;
  if (
    timeout !== undefined &&
    (!Number.isInteger(timeout) || timeout < LIMITS.execTimeoutMin || timeout > LIMITS.execTimeoutMax)
  ) {
    errors.push({
      path: `${base}/timeoutMs`,
      message: `must be a whole number of milliseconds from ${LIMITS.execTimeoutMin} to ${LIMITS.execTimeoutMax}`,
    });
  }
  return errors;
}

export function normalizeExec(exec: Partial<ExecSettings>): ExecSettings {
  return {
    url: exec.url ?? '',
    timeoutMs: exec.timeoutMs ?? LIMITS.execTimeoutDefault,
    fallback: exec.fallback ?? '',
  };
}

// ---------------------------------------------------------------------------------------------
// Tags, title and the request as a whole

export function normalizeTags(tags: readonly string[]): string[] {
  return [...new Set(tags.map((tag) => tag.trim()))];
}

export function validateTags(tags: readonly string[], base: string): FieldError[] {
  const errors: FieldError[] = [];
  tags.forEach((tag, i) => {
    if (tag.trim() === '') errors.push({ path: `${base}/${i}`, message: 'must not be blank' });
    else if (hasControlCharacters(tag) || /[\r\n\t]/.test(tag)) {
      errors.push({ path: `${base}/${i}`, message: 'must not contain control characters' });
    }
  });
  return errors;
}

export function validateTitle(title: string | null, path: string): FieldError[] {
  return title !== null && (hasControlCharacters(title) || /[\r\n\t]/.test(title))
    ? [{ path, message: 'must be one line without control characters' }]
    : [];
}

/**
 * The first string in a request that holds a NUL character, as a JSON pointer. PostgreSQL cannot
 * store NUL in text, and no field of ours has a use for it, so it is refused before any work.
 */
export function findNulCharacter(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null;
  if (typeof value !== 'object' || value === null || depth > 32) return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = key.includes('\u0000')
      ? `${path}/${key}`
      : findNulCharacter(inner, `${path}/${key}`, depth + 1);
    if (found !== null) return found;
  }
  return null;
}
