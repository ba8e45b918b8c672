import type { Scope } from '../../src/plugins/auth.js';
import type { TestApp } from './app.js';
import { type EmulatorUser, emulatorHost, signUp } from './firebase.js';

export interface SignedInUser extends EmulatorUser {
  workspaceId: string;
  /** `{ authorization: 'Bearer <ID token>' }` for inject. */
  headers: Record<string, string>;
}

/** A new emulator user who has signed in to the app once (so their account exists). */
export async function signedInUser(
  t: TestApp,
  options: Parameters<typeof signUp>[0] = {},
): Promise<SignedInUser> {
  if (t.config.firebase.emulatorHost !== emulatorHost()) {
    // firebase-admin asks the emulator about every user it verifies, so it must be this run's.
    throw new Error(
      `the test app's FIREBASE_AUTH_EMULATOR_HOST is ${t.config.firebase.emulatorHost}: build it with env { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() } (helpers/firebase.ts)`,
    );
  }
  const user = await signUp(options);
  const headers = { authorization: `Bearer ${user.idToken}` };
  const me = await t.app.inject({ method: 'GET', url: '/api/v1/me', headers });
  if (me.statusCode !== 200) throw new Error(`GET /api/v1/me answered ${me.statusCode}: ${me.body}`);
  return { ...user, workspaceId: (me.json() as { id: string }).id, headers };
}

export interface CreatedKey {
  id: string;
  key: string;
  /** `{ authorization: 'Bearer rq_...' }` for inject. */
  headers: Record<string, string>;
}

/** An API key made through the API by a signed-in user. */
export async function createApiKey(
  t: TestApp,
  user: { headers: Record<string, string> },
  scopes: Scope[],
  extra: { name?: string; expiresAt?: string } = {},
): Promise<CreatedKey> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/api-keys',
    headers: user.headers,
    payload: {
      name: extra.name ?? 'test key',
      scopes,
      ...(extra.expiresAt ? { expiresAt: extra.expiresAt } : {}),
    },
  });
  if (response.statusCode !== 201)
    throw new Error(`POST /api/v1/api-keys answered ${response.statusCode}: ${response.body}`);
  const body = response.json() as { id: string; key: string };
  return { id: body.id, key: body.key, headers: { authorization: `Bearer ${body.key}` } };
}
