import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { WorkspaceAccess } from '../../plugins/auth.js';
import type { Role } from '../../plugins/permissions.js';
import { toIso } from '../../shared/clock.js';
import { newId } from '../../shared/ids.js';
import { notFound, Problem } from '../../shared/problem.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import {
  type ChangeContext,
  type ChangeEvent,
  changeEvent,
  type EventsService,
} from '../events/events.service.js';
import {
  type Acceptor,
  acceptRefusal,
  hashInvitationToken,
  INVITATION_TTL_MS,
  invitationState,
  invitationUrl,
  newInvitationToken,
  normalizeEmail,
} from './invitations.logic.js';
import type { InvitationMailer } from './workspaces.mailer.js';
import {
  findInvitation,
  findInvitationByTokenHash,
  findMember,
  findPendingInvitations,
  insertInvitation,
  insertMember,
  updateInvitation,
} from './workspaces.repository.js';
import type { MemberWorkspace, WorkspacesService } from './workspaces.service.js';
import type { InvitationRow } from './workspaces.table.js';

export type InvitedRole = Exclude<Role, 'owner'>;

/** An invitation as the API shows it; never its token. */
export type Invitation = {
  id: string;
  email: string;
  role: InvitedRole;
  invitedBy: string;
  createdAt: string;
  expiresAt: string;
};

/** The answer to creating or resending: the link with its token, shown this once. */
export type SentInvitation = Invitation & {
  url: string;
  mailed: boolean;
};

export interface InvitationsServiceOptions {
  accounts: AccountsService;
  events: EventsService;
  workspaces: WorkspacesService;
  mailer: InvitationMailer;
  publicUrl: string;
}

function toInvitation(row: InvitationRow): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    invitedBy: row.invited_by,
    createdAt: toIso(row.created_at) ?? '',
    expiresAt: toIso(row.expires_at) ?? '',
  };
}

/**
 * Invitations to a workspace: a link with a random token (we keep its SHA-256) that the person
 * whose verified e-mail was invited accepts within 7 days. With SMTP_URL the link is also mailed.
 */
export class InvitationsService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: InvitationsServiceOptions,
  ) {}

  private get now(): number {
    return this.options.workspaces.clock.now();
  }

  async create(
    access: WorkspaceAccess,
    input: { email: string; role: InvitedRole },
  ): Promise<SentInvitation> {
    const email = normalizeEmail(input.email);
    await this.refuseMemberOrPending(access.workspaceId, email);
    const now = this.now;
    const { token, hash } = newInvitationToken();
    const row: InvitationRow = {
      id: newId('inv', now),
      workspace_id: access.workspaceId,
      email,
      role: input.role,
      token_hash: hash,
      invited_by: access.actor.id,
      created_at: now,
      expires_at: now + INVITATION_TTL_MS,
      accepted_at: null,
      accepted_by: null,
      revoked_at: null,
    };
    const invitation = toInvitation(row);
    await this.options.events.inTransaction(async (trx) => {
      await insertInvitation(trx, row);
      return {
        result: undefined,
        events: [this.event('invitation.created', access, row.id, { object: invitation })],
      };
    });
    return this.deliver(access, invitation, token);
  }

  /** Pending invitations (not accepted, revoked or expired), oldest first. */
  async listPending(workspaceId: string): Promise<Invitation[]> {
    return (await findPendingInvitations(this.db, workspaceId, this.now)).map(toInvitation);
  }

  /** Withdraws an invitation: its link stops working. An accepted one is a membership now. */
  async revoke(access: WorkspaceAccess, id: string): Promise<void> {
    const row = await this.invitationOrNotFound(access.workspaceId, id);
    const state = invitationState(row, this.now);
    if (state === 'accepted') {
      throw new Problem('invitation_used', 'This invitation was accepted; remove the member instead.');
    }
    if (state === 'revoked') return;
    await this.options.events.inTransaction(async (trx) => {
      await updateInvitation(trx, id, { revoked_at: this.now });
      return {
        result: undefined,
        events: [this.event('invitation.revoked', access, id, { object: toInvitation(row) })],
      };
    });
  }

  /** A new token and 7 more days for a pending or expired invitation; the old link stops working. */
  async resend(access: WorkspaceAccess, id: string): Promise<SentInvitation> {
    const row = await this.invitationOrNotFound(access.workspaceId, id);
    const state = invitationState(row, this.now);
    if (state === 'accepted') throw new Problem('invitation_used', 'This invitation was already accepted.');
    if (state === 'revoked') {
      throw new Problem('invitation_revoked', 'This invitation was revoked; create a new one instead.');
    }
    const now = this.now;
    const { token, hash } = newInvitationToken();
    const updated: InvitationRow = { ...row, token_hash: hash, expires_at: now + INVITATION_TTL_MS };
    await this.options.events.inTransaction(async (trx) => {
      await updateInvitation(trx, id, { token_hash: hash, expires_at: updated.expires_at });
      return {
        result: undefined,
        events: [
          this.event('invitation.resent', access, id, {
            changes: { expiresAt: [toIso(row.expires_at), toIso(updated.expires_at)] },
          }),
        ],
      };
    });
    return this.deliver(access, toInvitation(updated), token);
  }

  /**
   * Accepts with the token from the link: the caller's verified e-mail must be the invited one.
   * Answers the workspace they joined, with their role.
   */
  async accept(acceptor: Acceptor, token: string, requestId: string | null = null): Promise<MemberWorkspace> {
    const row = await findInvitationByTokenHash(this.db, hashInvitationToken(token));
    const workspace = row && (await this.options.accounts.getWorkspace(row.workspace_id));
    if (!row || !workspace) {
      throw new Problem(
        'not_found',
        'No invitation has this token: check the link, or ask for it to be resent (resending replaces the link).',
      );
    }
    const refusal = acceptRefusal(row, acceptor, this.now, workspace.name);
    if (refusal) throw refusal;
    const existing = await findMember(this.db, row.workspace_id, acceptor.uid);
    if (existing) {
      throw new Problem(
        'already_member',
        `You are already a member of ${workspace.name} (as ${existing.role}).`,
      );
    }
    const actor = { type: 'user' as const, id: acceptor.uid, email: acceptor.email };
    const access = { workspaceId: row.workspace_id, role: row.role, actor, requestId };
    await this.options.events.inTransaction(async (trx) => {
      const now = this.now;
      await updateInvitation(trx, row.id, { accepted_at: now, accepted_by: acceptor.uid });
      await insertMember(trx, {
        workspace_id: row.workspace_id,
        uid: acceptor.uid,
        role: row.role,
        joined_at: now,
      });
      return {
        result: undefined,
        events: [
          this.event('invitation.accepted', access, row.id, { object: toInvitation(row) }),
          {
            type: 'member.added',
            workspaceId: row.workspace_id,
            actor,
            requestId,
            resource: { type: 'member', id: acceptor.uid },
            data: {
              object: { uid: acceptor.uid, email: acceptor.email, role: row.role, invitation: row.id },
            },
          },
        ],
      };
    });
    return { ...workspace, role: row.role };
  }

  /** Test and operator hook: the invitation's expiry, moved (e.g. into the past). */
  async setExpiry(workspaceId: string, id: string, expiresAt: number): Promise<void> {
    await this.invitationOrNotFound(workspaceId, id);
    await updateInvitation(this.db, id, { expires_at: expiresAt });
  }

  private async refuseMemberOrPending(workspaceId: string, email: string): Promise<void> {
    const members = await this.options.workspaces.listMembers(workspaceId);
    const member = members.find((m) => m.email !== null && normalizeEmail(m.email) === email);
    if (member) {
      throw new Problem(
        'already_member',
        `${email} is already a member of this workspace (as ${member.role}).`,
      );
    }
    const [pending] = await findPendingInvitations(this.db, workspaceId, this.now, email);
    if (pending) {
      throw new Problem(
        'invitation_pending',
        `${email} already has a pending invitation (${pending.id}); resend it (POST .../invitations/${pending.id}/resend) or revoke it first.`,
        { extensions: { invitation: pending.id } },
      );
    }
  }

  /** Mails the link when SMTP is set up; the invitation stands whatever the mail server says. */
  private async deliver(
    access: WorkspaceAccess,
    invitation: Invitation,
    token: string,
  ): Promise<SentInvitation> {
    const url = invitationUrl(this.options.publicUrl, token);
    const workspace = await this.options.accounts.getWorkspace(access.workspaceId);
    const mailed = await this.options.mailer.send({
      invitationId: invitation.id,
      to: invitation.email,
      workspaceName: workspace?.name ?? 'a workspace',
      inviter: access.actor.email ?? 'A member',
      role: invitation.role,
      url,
      expiresAt: invitation.expiresAt,
    });
    return { ...invitation, url, mailed };
  }

  private async invitationOrNotFound(workspaceId: string, id: string): Promise<InvitationRow> {
    const row = await findInvitation(this.db, workspaceId, id);
    if (!row) throw notFound('invitation');
    return row;
  }

  private event(type: string, access: ChangeContext, id: string, data: ChangeEvent['data']) {
    return changeEvent(type, access, { type: 'invitation', id }, data);
  }
}
