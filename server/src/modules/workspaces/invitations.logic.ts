import { createHash, randomBytes } from 'node:crypto';
import { DAY_MS } from '../../shared/clock.js';
import { Problem } from '../../shared/problem.js';
import type { InvitationRow } from './workspaces.table.js';

/** How long an invitation link works, from when it was made or last resent. */
export const INVITATION_TTL_MS = 7 * DAY_MS;

/** A new invitation token (32 random bytes) and the SHA-256 we keep in its place. */
export function newInvitationToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashInvitationToken(token) };
}

export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The link the site opens to accept. The token rides in the fragment, which browsers never send to
 * a server nor put in a Referer, so it stays out of access logs; the page posts it to the API.
 */
export function invitationUrl(publicUrl: string, token: string): string {
  return `${publicUrl}/invitations/accept#token=${token}`;
}

/** E-mail addresses compare case-insensitively (and without surrounding blanks). */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();

/**
 * An address shown to someone who may not own it: its first character and its domain
 * (j•••@example.com), enough to recognise which of one's addresses was invited.
 */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}

export type InvitationState = 'pending' | 'accepted' | 'revoked' | 'expired';

export function invitationState(row: InvitationRow, now: number): InvitationState {
  if (row.accepted_at !== null) return 'accepted';
  if (row.revoked_at !== null) return 'revoked';
  return row.expires_at <= now ? 'expired' : 'pending';
}

/** Who accepts: the uid and the e-mail address their ID token carries. */
export interface Acceptor {
  uid: string;
  email: string | null;
  emailVerified: boolean;
}

/**
 * Why `acceptor` cannot accept the invitation, as the problem to answer; undefined when they can
 * (membership is checked by the caller). Each refusal has its own code, so the site can say what to do.
 */
export function acceptRefusal(
  row: InvitationRow,
  acceptor: Acceptor,
  now: number,
  workspaceName: string,
): Problem | undefined {
  switch (invitationState(row, now)) {
    case 'accepted':
      return row.accepted_by === acceptor.uid
        ? new Problem(
            'already_member',
            `You already accepted this invitation: you are a member of ${workspaceName}.`,
          )
        : new Problem('invitation_used', 'This invitation has already been accepted; ask for a new one.');
    case 'revoked':
      return new Problem('invitation_revoked', 'This invitation was withdrawn; ask for a new one.');
    case 'expired':
      return new Problem(
        'invitation_expired',
        'This invitation has expired (links work for 7 days); ask an admin of the workspace to resend it.',
      );
    case 'pending':
      break;
  }
  if (!acceptor.email || !acceptor.emailVerified) {
    return new Problem(
      'email_unverified',
      `Verify your e-mail address first: the invitation is for ${maskEmail(row.email)}, and only its verified owner may accept.`,
    );
  }
  if (normalizeEmail(acceptor.email) !== row.email) {
    return new Problem(
      'email_mismatch',
      `This invitation is for ${maskEmail(row.email)}, but you are signed in as ${acceptor.email}; sign in with the invited address.`,
      { extensions: { invitedEmail: maskEmail(row.email) } },
    );
  }
  return undefined;
}
