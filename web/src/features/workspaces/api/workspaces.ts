import type { ApiAnswer, Page } from '@site/src/api/types';
import { apiRequest } from '@site/src/lib/api';
import type { Role, Workspace } from '@site/src/lib/workspace';

// The workspaces API (API.md "Workspaces, members, invitations" and "Events").

export type GrantableRole = Exclude<Role, 'owner'>;

export interface Member {
  uid: string;
  email: string | null;
  displayName: string | null;
  role: Role;
  joinedAt: string;
}

export interface Invitation {
  id: string;
  email: string;
  role: GrantableRole;
  invitedBy?: string;
  createdAt?: string;
  expiresAt: string;
}

/** The answer to inviting or resending: the link (with its token) shown this once. */
export interface SentInvitation extends Invitation {
  url: string;
  mailed?: boolean;
}

export interface AuditEvent {
  id: string;
  type: string;
  at: string;
  workspace: string;
  actor: { type: 'user' | 'apiKey' | 'system'; id: string; email?: string | null };
  resource: { type: string; id: string };
  data?: unknown;
}

/** The Auth emulator's verification link for the signed-in user's address (it sends no e-mail). */
export type VerificationLink = ApiAnswer<'/api/v1/me/email-verification', 'post'>;

const base = (id: string) => `/workspaces/${encodeURIComponent(id)}`;

export const workspacesApi = {
  create: (name: string) => apiRequest<Workspace>('POST', '/workspaces', { name }),
  rename: (id: string, name: string) => apiRequest<Workspace>('PATCH', base(id), { name }),
  remove: (id: string, confirm: string) => apiRequest<unknown>('DELETE', base(id), { confirm }),
  transfer: (id: string, uid: string) => apiRequest<unknown>('POST', `${base(id)}/transfer`, { uid }),
  members: (id: string) => apiRequest<{ data: Member[] }>('GET', `${base(id)}/members`),
  setRole: (id: string, uid: string, role: GrantableRole) =>
    apiRequest<Member>('PATCH', `${base(id)}/members/${encodeURIComponent(uid)}`, { role }),
  removeMember: (id: string, uid: string) =>
    apiRequest<void>('DELETE', `${base(id)}/members/${encodeURIComponent(uid)}`),
  invitations: (id: string) => apiRequest<{ data: Invitation[] }>('GET', `${base(id)}/invitations`),
  invite: (id: string, email: string, role: GrantableRole) =>
    apiRequest<SentInvitation>('POST', `${base(id)}/invitations`, { email, role }),
  revoke: (id: string, invId: string) =>
    apiRequest<void>('DELETE', `${base(id)}/invitations/${encodeURIComponent(invId)}`),
  resend: (id: string, invId: string) =>
    apiRequest<SentInvitation>('POST', `${base(id)}/invitations/${encodeURIComponent(invId)}/resend`),
  /** Accepting needs no workspace: the token names it. */
  accept: (token: string) =>
    apiRequest<Workspace>('POST', '/invitations/accept', { token }, { workspace: false }),
  events: (query: string) => apiRequest<Page<AuditEvent>>('GET', `/events?${query}`),
  /** Needs no workspace: the link is the person's own. `returnTo` is a path of this site. */
  verificationLink: (returnTo: string) =>
    apiRequest<VerificationLink>('POST', '/me/email-verification', { returnTo }, { workspace: false }),
};
