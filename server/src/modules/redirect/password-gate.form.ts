import { GatePasses } from './password-gate.cookie.js';
import type { GateTries } from './password-gate.limiter.js';
import { gatePage } from './password-gate.page.js';
import type { EdgeCode } from './redirect.service.js';
import type { ScanAnswer } from './scan-answer.js';

/** What the edge needs for protected codes: passes, wrong-try counts, the password check. */
export interface PasswordGate {
  passes: GatePasses;
  tries: GateTries;
  /** code-password.ts's check against the stored hash (scrypt, constant time). */
  verify(password: string, stored: string): Promise<boolean>;
}

export function passwordGate(
  serverSecret: string,
  tries: GateTries,
  verify: PasswordGate['verify'],
): PasswordGate {
  return { passes: new GatePasses(serverSecret), tries, verify };
}

/** The form for a GET of a protected code that brings no pass for it; undefined: let it through. */
export function formFor(
  gate: PasswordGate,
  code: EdgeCode,
  cookieHeader: string | undefined,
  now: number,
): ScanAnswer | undefined {
  if (code.passwordHash === null) return undefined;
  if (gate.passes.admits({ id: code.id, passwordHash: code.passwordHash }, cookieHeader, now))
    return undefined;
  return gatePage({ status: 401 });
}
