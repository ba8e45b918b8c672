import type { Scope } from '../modules/apikeys/apikeys.scopes.js';

/**
 * Roles in a workspace, weakest first: each role may do everything the ones before it may.
 * viewer reads (analytics included); editor changes codes, rules, designs and assets; admin also
 * manages members, API keys, hostnames and webhooks; owner also billing, transfer and deletion.
 */
export const ROLES = ['viewer', 'editor', 'admin', 'owner'] as const;
export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function roleAtLeast(role: Role, needed: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(needed);
}

/**
 * A named check: who may perform one kind of operation. Each module declares its own in
 * `<module>.permissions.ts` (`canUpdateCode`, ...) and hands it to `app.authenticate()`, which runs
 * it before the route reads anything: the member's role must be at least `role`, an API key must
 * hold `scope`, and `session` operations are for signed-in people only.
 */
export interface Permission {
  readonly name: string;
  /** The weakest role allowed. */
  readonly role: Role;
  /** What an API key must hold; a permission with neither scope nor session admits any key. */
  readonly scope?: Scope;
  /** Only a signed-in person (a Firebase ID token) may do this: no API key, no marketplace caller. */
  readonly session?: boolean;
}

export function permission(name: string, rule: Omit<Permission, 'name'>): Permission {
  return Object.freeze({ name, ...rule });
}

/** Anyone signed in, whatever their role (their own profile, their list of workspaces). */
export const canUseAccount = permission('canUseAccount', { role: 'viewer' });
