import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';

/**
 * host:port of the run's Firebase Auth emulator (started by helpers/firebase-setup.ts); with
 * 'demo-other', of the second one, which issues tokens of another project.
 */
export function emulatorHost(projectId: 'demo-rq' | 'demo-other' = 'demo-rq'): string {
  return projectId === 'demo-rq'
    ? inject('firebaseEmulatorHost')
    : inject('firebaseOtherProjectEmulatorHost');
}

export interface EmulatorUser {
  uid: string;
  email: string;
  password: string;
  /** A real ID token, issued by the emulator. */
  idToken: string;
}

/**
 * fetch, tried once more when the emulator had closed the kept-alive connection as the request
 * went out ("other side closed" before any answer: the request was never read). Its idle timeout
 * is Node's 5 s, and a test that waited about that long before signing someone up met it.
 */
async function emulatorFetch(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause;
    if (cause?.code !== 'UND_ERR_SOCKET') throw error;
    return fetch(url, init);
  }
}

async function call<T>(host: string, path: string, body: unknown): Promise<T> {
  const response = await emulatorFetch(`http://${host}/identitytoolkit.googleapis.com/v1/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as T & { error?: { message?: string } };
  if (!response.ok) throw new Error(`emulator ${path}: ${response.status} ${answer.error?.message ?? ''}`);
  return answer;
}

/**
 * Signs a new user up through the emulator's REST API (as the Firebase web SDK does) and returns
 * a real ID token. With a displayName or photoURL the profile is set first, so the token carries
 * them. `projectId: 'demo-other'` signs up with the other project's emulator (wrong-project tests).
 */
export async function signUp(
  options: {
    email?: string;
    password?: string;
    displayName?: string;
    photoURL?: string;
    projectId?: 'demo-rq' | 'demo-other';
  } = {},
): Promise<EmulatorUser> {
  const host = emulatorHost(options.projectId);
  const email = options.email ?? `user-${randomBytes(6).toString('hex')}@example.com`;
  const password = options.password ?? `pw-${randomBytes(8).toString('hex')}`;
  const signedUp = await call<{ localId: string; idToken: string }>(host, 'accounts:signUp?key=any', {
    email,
    password,
    returnSecureToken: true,
  });
  let idToken = signedUp.idToken;
  if (options.displayName !== undefined || options.photoURL !== undefined) {
    await call(host, 'accounts:update?key=any', {
      idToken,
      displayName: options.displayName,
      photoUrl: options.photoURL,
    });
    // The profile reaches the token's claims at the next sign-in, as in the web SDK.
    idToken = (
      await call<{ idToken: string }>(host, 'accounts:signInWithPassword?key=any', {
        email,
        password,
        returnSecureToken: true,
      })
    ).idToken;
  }
  return { uid: signedUp.localId, email, password, idToken };
}

/** A fresh ID token for an existing user (sign-in with password). */
export async function signInWithPassword(email: string, password: string): Promise<string> {
  const answer = await call<{ idToken: string }>(emulatorHost(), 'accounts:signInWithPassword?key=any', {
    email,
    password,
    returnSecureToken: true,
  });
  return answer.idToken;
}

/** The claims of an ID token (no verification: for asserting what the emulator issued). */
export function decodeTokenPayload(idToken: string): Record<string, unknown> {
  const [, payload] = idToken.split('.');
  return JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
}

/**
 * Marks the user's e-mail address verified, as clicking Firebase's verification link would (the
 * emulator takes `Bearer owner` as an admin), and returns a fresh ID token that says so.
 */
export async function verifyEmail(user: { uid: string; email: string; password: string }): Promise<string> {
  const host = emulatorHost();
  const response = await emulatorFetch(
    `http://${host}/identitytoolkit.googleapis.com/v1/projects/demo-rq/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ localId: user.uid, emailVerified: true }),
    },
  );
  if (!response.ok) throw new Error(`emulator accounts:update: ${response.status} ${await response.text()}`);
  return signInWithPassword(user.email, user.password);
}
