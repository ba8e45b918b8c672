import { describe, expect, it } from 'vitest';
import {
  acceptRefusal,
  hashInvitationToken,
  invitationState,
  maskEmail,
  newInvitationToken,
} from './invitations.logic.js';
import type { InvitationRow } from './workspaces.table.js';

const row = (over: Partial<InvitationRow> = {}): InvitationRow => ({
  id: 'inv_1',
  workspace_id: 'acct_1',
  email: 'sam@example.com',
  role: 'editor',
  token_hash: 'h',
  invited_by: 'uid-owner',
  created_at: 0,
  expires_at: 1000,
  accepted_at: null,
  accepted_by: null,
  revoked_at: null,
  ...over,
});

describe('invitation logic', () => {
  it('makes 32-byte tokens and keeps only their SHA-256', () => {
    const { token, hash } = newInvitationToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(hash).toBe(hashInvitationToken(token));
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(newInvitationToken().token).not.toBe(token);
  });

  it('masks an address to its first character and domain', () => {
    expect(maskEmail('sam@example.com')).toBe('s•••@example.com');
    expect(maskEmail('nonsense')).toBe('•••');
  });

  it('tells the states apart, accepted and revoked before expired', () => {
    expect(invitationState(row(), 999)).toBe('pending');
    expect(invitationState(row(), 1000)).toBe('expired');
    expect(invitationState(row({ revoked_at: 5 }), 2000)).toBe('revoked');
    expect(invitationState(row({ accepted_at: 5, accepted_by: 'u' }), 2000)).toBe('accepted');
  });

  it('refuses with a distinct code for each reason, and accepts the verified invited address in any case', () => {
    const who = { uid: 'u', email: 'Sam@Example.com', emailVerified: true };
    expect(acceptRefusal(row(), who, 0, 'W')).toBeUndefined();
    expect(acceptRefusal(row(), { ...who, emailVerified: false }, 0, 'W')?.code).toBe('email_unverified');
    expect(acceptRefusal(row(), { ...who, email: 'pat@example.com' }, 0, 'W')?.code).toBe('email_mismatch');
    expect(acceptRefusal(row(), who, 5000, 'W')?.code).toBe('invitation_expired');
    expect(acceptRefusal(row({ revoked_at: 1 }), who, 0, 'W')?.code).toBe('invitation_revoked');
    expect(acceptRefusal(row({ accepted_at: 1, accepted_by: 'u' }), who, 0, 'W')?.code).toBe(
      'already_member',
    );
    expect(acceptRefusal(row({ accepted_at: 1, accepted_by: 'v' }), who, 0, 'W')?.code).toBe(
      'invitation_used',
    );
  });
});
