import { describe, expect, it } from 'vitest';
import { acceptRefusal } from './acceptRefusal';

describe('acceptRefusal', () => {
  it('names each refusal of an invitation and what to do next', () => {
    expect(acceptRefusal('invitation_expired').title).toBe('This invitation has expired');
    expect(acceptRefusal('invitation_revoked').title).toBe('This invitation was withdrawn');
    expect(acceptRefusal('email_mismatch')).toMatchObject({ offer: 'signOut' });
    expect(acceptRefusal('email_unverified')).toMatchObject({ offer: 'verify' });
    expect(acceptRefusal('already_member')).toMatchObject({ offer: 'workspace' });
    expect(acceptRefusal('something_new').title).toBe('The invitation could not be accepted');
  });
});
