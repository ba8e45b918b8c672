import type { ApiAnswer, ApiQuery } from '@site/src/api/types';
import { rq, rqWithoutWorkspace } from '@site/src/lib/api';
import type { Role } from '@site/src/lib/workspace';

// The workspaces API (API.md "Workspaces, members, invitations" and "Events").

export type GrantableRole = Exclude<Role, 'owner'>;

export type Member = ApiAnswer<'/api/v1/workspaces/{id}/members'>['data'][number];

export type Invitation = ApiAnswer<'/api/v1/workspaces/{id}/invitations'>['data'][number];

/** The answer to inviting or resending: the link (with its token) shown this once. */
export type SentInvitation = ApiAnswer<'/api/v1/workspaces/{id}/invitations', 'post'>;

export type AuditEvent = ApiAnswer<'/api/v1/events'>['data'][number];

/** The audit log's filters and page. */
export type EventQuery = ApiQuery<'/api/v1/events'>;

/** The Auth emulator's verification link for the signed-in user's address (it sends no e-mail). */
export type VerificationLink = ApiAnswer<'/api/v1/me/email-verification', 'post'>;

const on = (id: string) => ({ params: { path: { id } } });

export const workspacesApi = {
  create: (name: string) => rq.workspaces.create({ body: { name } }),
  rename: (id: string, name: string) => rq.workspaces.update({ ...on(id), body: { name } }),
  remove: (id: string, confirm: string) => rq.workspaces.delete({ ...on(id), body: { confirm } }),
  transfer: (id: string, uid: string) => rq.workspaces.transfer({ ...on(id), body: { uid } }),
  members: (id: string) => rq.workspaces.listMembers(on(id)),
  setRole: (id: string, uid: string, role: GrantableRole) =>
    rq.workspaces.updateMember({ params: { path: { id, uid } }, body: { role } }),
  removeMember: (id: string, uid: string) => rq.workspaces.deleteMember({ params: { path: { id, uid } } }),
  invitations: (id: string) => rq.workspaces.listInvitations(on(id)),
  invite: (id: string, email: string, role: GrantableRole) =>
    rq.workspaces.createInvitation({ ...on(id), body: { email, role } }),
  revoke: (id: string, invId: string) => rq.workspaces.deleteInvitation({ params: { path: { id, invId } } }),
  resend: (id: string, invId: string) => rq.workspaces.resendInvitation({ params: { path: { id, invId } } }),
  /** Accepting needs no workspace: the token names it. */
  accept: (token: string) => rqWithoutWorkspace.invitations.accept({ body: { token } }),
  events: (query: EventQuery) => rq.events.list({ params: { query } }),
  /** Needs no workspace: the link is the person's own. `returnTo` is a path of this site. */
  verificationLink: (returnTo: string) => rqWithoutWorkspace.me.emailVerification({ body: { returnTo } }),
};
