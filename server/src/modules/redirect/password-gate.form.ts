import type { EdgeRequest, PasswordGate } from './edge.js';
import { GatePasses } from './password-gate.cookie.js';
import type { GateTries } from './password-gate.limiter.js';
import { gatePage } from './password-gate.page.js';
import type { EdgeCode } from './redirect.service.js';

/**
 * The password gate with its form: the edge asks it whether a scan brings a pass for the code
 * (a signed cookie) and shows the form when not; the form's POST (password-gate.ts) checks the
 * password, counts wrong tries and hands out passes.
 */
export interface FormGate extends PasswordGate {
  passes: GatePasses;
  tries: GateTries;
  /** code-password.ts's check against the stored hash (scrypt, constant time). */
  verify(password: string, stored: string): Promise<boolean>;
  now(): number;
}

export function passwordGate(options: {
  serverSecret: string;
  tries: GateTries;
  verify: FormGate['verify'];
  now: () => number;
}): FormGate {
  const passes = new GatePasses(options.serverSecret);
  return {
    passes,
    tries: options.tries,
    verify: options.verify,
    now: options.now,
    isUnlocked: (code: EdgeCode, request: EdgeRequest) => {
      const passwordHash = code.controls?.passwordHash;
      if (passwordHash == null) return true;
      return passes.admits({ id: code.id, passwordHash }, request.headers.cookie, options.now());
    },
    lockedAnswer: () => gatePage({ kind: 'form' }),
  };
}
