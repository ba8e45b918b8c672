import { expect } from 'vitest';
import { type SignedInUser, signedInUser } from './accounts.js';
import type { TestApp } from './app.js';
import { verifyEmail } from './firebase.js';

/** A signed-in user whose e-mail address Firebase has verified (their token says so). */
export async function verifiedUser(
  t: TestApp,
  options: Parameters<typeof signedInUser>[1] = {},
): Promise<SignedInUser> {
  const user = await signedInUser(t, options);
  const idToken = await verifyEmail(user);
  return { ...user, idToken, headers: { authorization: `Bearer ${idToken}` } };
}

export async function createWorkspace(t: TestApp, owner: SignedInUser, name: string): Promise<string> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/workspaces',
    headers: owner.headers,
    payload: { name },
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

/** Invites `email` as `role` by `inviter`; answers the created invitation (with its url). */
export async function invite(
  t: TestApp,
  inviter: SignedInUser,
  workspaceId: string,
  email: string,
  role: 'admin' | 'editor' | 'viewer',
): Promise<{ id: string; url: string; mailed: boolean; email: string; role: string; expiresAt: string }> {
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/v1/workspaces/${workspaceId}/invitations`,
    headers: inviter.headers,
    payload: { email, role },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

export const tokenOf = (url: string): string => new URL(url).hash.replace(/^#token=/, '');

export function accept(t: TestApp, user: SignedInUser, token: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/invitations/accept',
    headers: user.headers,
    payload: { token },
  });
}

/** Brings `user` (verified) into the workspace with `role`, the way people join: invited, then accepting. */
export async function join(
  t: TestApp,
  owner: SignedInUser,
  workspaceId: string,
  user: SignedInUser,
  role: 'admin' | 'editor' | 'viewer',
): Promise<void> {
  const invitation = await invite(t, owner, workspaceId, user.email, role);
  const accepted = await accept(t, user, tokenOf(invitation.url));
  expect(accepted.statusCode, accepted.body).toBe(200);
}
