import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The pass a scanner gets for the right password: `<code id>.<expires, epoch s>.<HMAC>`, under a
 * key derived from the server secret (the same on every instance). The HMAC also covers a digest
 * of the code's stored password hash, so changing or removing the password ends every pass given
 * for the old one; a pass for one code is worth nothing on another.
 */

export const GATE_COOKIE = 'rq_pass';
export const GATE_PASS_SECONDS = 12 * 60 * 60;

export class GatePasses {
  private readonly key: Buffer;

  constructor(serverSecret: string) {
    // A key of its own: a pass says nothing about the visitor salts or image URLs of the same secret.
    this.key = createHmac('sha256', serverSecret).update('rq-password-gate').digest();
  }

  /** The Set-Cookie header of a new pass, scoped to the short URL's path. */
  setCookie(code: GatedCode, now: number, cookie: { path: string; secure: boolean }): string {
    const expires = Math.floor(now / 1000) + GATE_PASS_SECONDS;
    const value = `${code.id}.${expires}.${this.signature(code, expires)}`;
    const secure = cookie.secure ? '; Secure' : '';
    return `${GATE_COOKIE}=${value}; Max-Age=${GATE_PASS_SECONDS}; Path=${cookiePath(cookie.path)}; HttpOnly${secure}; SameSite=Lax`;
  }

  /** Whether the request's cookies hold an unexpired pass for this code and its current password. */
  admits(code: GatedCode, cookieHeader: string | undefined, now: number): boolean {
    for (const value of cookieValues(cookieHeader, GATE_COOKIE)) {
      const [id, expiresText, signature] = value.split('.');
      if (id !== code.id || !expiresText || !signature) continue;
      const expires = Number(expiresText);
      if (!Number.isSafeInteger(expires) || expires * 1000 <= now) continue;
      const expected = Buffer.from(this.signature(code, expires));
      const given = Buffer.from(signature);
      if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
    }
    return false;
  }

  private signature(code: GatedCode, expires: number): string {
    const password = createHash('sha256').update(code.passwordHash).digest('base64url');
    return createHmac('sha256', this.key).update(`${code.id}\n${expires}\n${password}`).digest('base64url');
  }
}

/** What a pass is bound to. */
export interface GatedCode {
  id: string;
  passwordHash: string;
}

/** Every value the header holds under `name` (paths overlap, so a browser may send several). */
function cookieValues(header: string | undefined, name: string): string[] {
  if (!header) return [];
  const values: string[] = [];
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator > 0 && part.slice(0, separator).trim() === name)
      values.push(part.slice(separator + 1).trim());
  }
  return values;
}

/** A path a cookie attribute can carry: no `;` or control characters may end the attribute early. */
function cookiePath(path: string): string {
  return path.replace(/[^\x21-\x7e]|;/g, encodeURIComponent);
}
