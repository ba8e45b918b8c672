/** How the accept page words each refusal of `POST /invitations/accept`, and what it offers next. */
export interface AcceptRefusal {
  title: string;
  /** What to do about it (the server's detail follows, with the addresses involved). */
  advice: string;
  offer: 'signOut' | 'verify' | 'workspace' | null;
}

export function acceptRefusal(code: string): AcceptRefusal {
  switch (code) {
    case 'invitation_expired':
      return {
        title: 'This invitation has expired',
        advice: 'Invitations last 7 days: ask the person who invited you to send a new one.',
        offer: null,
      };
    case 'invitation_revoked':
      return {
        title: 'This invitation was withdrawn',
        advice: 'The workspace revoked it: ask its admins if you should still join.',
        offer: null,
      };
    case 'email_mismatch':
      return {
        title: 'This invitation is for another e-mail address',
        advice: 'Sign out, then sign in (or create an account) with the invited address.',
        offer: 'signOut',
      };
    case 'email_unverified':
      return {
        title: 'Verify your e-mail address first',
        // Whether an e-mail carries the link depends on the server's sign-in: VerifyEmail says which.
        advice: 'Open your verification link, then come back and accept.',
        offer: 'verify',
      };
    case 'already_member':
      return {
        title: 'You are already a member',
        advice: 'Switch to the workspace in the account menu.',
        offer: 'workspace',
      };
    case 'invitation_used':
      return {
        title: 'This invitation has been used',
        advice: 'Each link works once: ask for a new invitation.',
        offer: null,
      };
    case 'not_found':
      return {
        title: 'This invitation link is not valid',
        advice: 'Check that you opened the whole link from the invitation.',
        offer: null,
      };
    default:
      return { title: 'The invitation could not be accepted', advice: '', offer: null };
  }
}
