import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import { accept, createWorkspace, invite, join, tokenOf, verifiedUser } from '../helpers/workspaces.js';

const env = { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(), PUBLIC_URL: 'https://rq.example.com' };

describe.each(engines)('invitations on $name', (engine) => {
  let t: TestApp;
  let owner: SignedInUser;
  let workspace: string;
  beforeAll(async () => {
    t = await buildTestApp(engine, { env });
    owner = await signedInUser(t);
    workspace = await createWorkspace(t, owner, 'Invitations');
  });
  afterAll(() => t.close());

  const pending = async () =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/workspaces/${workspace}/invitations`,
        headers: owner.headers,
      })
    ).json().data as { id: string; email: string }[];

  it('answers the link to accept, with the token in its fragment, valid 7 days; the list never shows it', async () => {
    const before = Date.now();
    const invitation = await invite(t, owner, workspace, 'Sam.Smith@Example.com', 'editor');
    expect(invitation).toMatchObject({ email: 'sam.smith@example.com', role: 'editor', mailed: false });
    expect(invitation.id).toMatch(/^inv_/);
    expect(invitation.url).toMatch(/^https:\/\/rq\.example\.com\/invitations\/accept#token=[\w-]{43}$/);
    const ttl = Date.parse(invitation.expiresAt) - before;
    expect(ttl).toBeGreaterThanOrEqual(7 * 86_400_000 - 60_000);
    expect(ttl).toBeLessThanOrEqual(7 * 86_400_000 + 60_000);

    const listed = (await pending()).find((i) => i.id === invitation.id);
    expect(listed).toEqual({
      id: invitation.id,
      email: 'sam.smith@example.com',
      role: 'editor',
      invitedBy: owner.uid,
      createdAt: expect.any(String),
      expiresAt: invitation.expiresAt,
    });
    expect(JSON.stringify(await pending())).not.toContain(tokenOf(invitation.url));
  });

  it('is for admins and the owner: a viewer or editor is told the admin role is needed', async () => {
    const viewer = await verifiedUser(t);
    await join(t, owner, workspace, viewer, 'viewer');
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/v1/workspaces/${workspace}/invitations`,
      headers: viewer.headers,
      payload: { email: 'someone@example.com', role: 'viewer' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'forbidden', role: 'admin', yourRole: 'viewer' });
    expect(response.json().detail).toContain('admin role');
  });

  it('refuses to invite a member, an address already invited, or as owner', async () => {
    const member = await verifiedUser(t);
    await join(t, owner, workspace, member, 'editor');
    const again = (email: string, role = 'viewer') =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/workspaces/${workspace}/invitations`,
        headers: owner.headers,
        payload: { email, role },
      });
    const memberAgain = await again(member.email.toUpperCase());
    expect(memberAgain.statusCode).toBe(409);
    expect(memberAgain.json().code).toBe('already_member');

    const first = await invite(t, owner, workspace, 'twice@example.com', 'viewer');
    const twice = await again('TWICE@example.com');
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: 'invitation_pending', invitation: first.id });

    const asOwner = await again('boss@example.com', 'owner');
    expect(asOwner.statusCode).toBe(400);
    expect(asOwner.json().errors[0].path).toBe('/body/role');
  });

  it('is accepted by the verified owner of the invited address (any case), once', async () => {
    const sam = await verifiedUser(t, { email: `sam-${Date.now()}@example.com` });
    const invitation = await invite(t, owner, workspace, sam.email.toUpperCase(), 'editor');
    const accepted = await accept(t, sam, tokenOf(invitation.url));
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      id: workspace,
      name: 'Invitations',
      role: 'editor',
      personal: false,
    });

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/workspaces', headers: sam.headers });
    expect(list.json().data).toContainEqual(expect.objectContaining({ id: workspace, role: 'editor' }));
    expect((await pending()).map((i) => i.id)).not.toContain(invitation.id);

    const again = await accept(t, sam, tokenOf(invitation.url));
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('already_member');
    expect(again.json().detail).toContain('Invitations');

    const someoneElse = await verifiedUser(t);
    const used = await accept(t, someoneElse, tokenOf(invitation.url));
    expect(used.statusCode).toBe(409);
    expect(used.json().code).toBe('invitation_used');
  });

  it('refuses an unverified address, and another address (showing the invited one masked)', async () => {
    const unverified = await signedInUser(t);
    const forUnverified = await invite(t, owner, workspace, unverified.email, 'viewer');
    const refused = await accept(t, unverified, tokenOf(forUnverified.url));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('email_unverified');

    const invited = `pat-${Date.now()}@example.org`;
    const forPat = await invite(t, owner, workspace, invited, 'viewer');
    const intruder = await verifiedUser(t);
    const mismatch = await accept(t, intruder, tokenOf(forPat.url));
    expect(mismatch.statusCode).toBe(403);
    expect(mismatch.json()).toMatchObject({ code: 'email_mismatch', invitedEmail: 'p•••@example.org' });
    expect(mismatch.json().detail).not.toContain(invited);
    expect(mismatch.json().detail).toContain(intruder.email);
    // Refusals leave the invitation pending.
    expect((await pending()).map((i) => i.id)).toEqual(expect.arrayContaining([forUnverified.id, forPat.id]));
  });

  it('answers 404 for a token that is no invitation', async () => {
    const user = await verifiedUser(t);
    const response = await accept(t, user, 'not-a-token');
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('not_found');
  });

  it('expires after 7 days; resending makes a new link that works and kills the old one', async () => {
    const late = await verifiedUser(t);
    const invitation = await invite(t, owner, workspace, late.email, 'viewer');
    await t.app.invitations.setExpiry(workspace, invitation.id, Date.now() - 1000);
    const expired = await accept(t, late, tokenOf(invitation.url));
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('invitation_expired');
    expect((await pending()).map((i) => i.id)).not.toContain(invitation.id);

    const resent = await t.app.inject({
      method: 'POST',
      url: `/api/v1/workspaces/${workspace}/invitations/${invitation.id}/resend`,
      headers: owner.headers,
    });
    expect(resent.statusCode, resent.body).toBe(200);
    const fresh = resent.json();
    expect(fresh).toMatchObject({ id: invitation.id, email: late.email, role: 'viewer', mailed: false });
    expect(tokenOf(fresh.url)).not.toBe(tokenOf(invitation.url));
    expect(Date.parse(fresh.expiresAt)).toBeGreaterThan(Date.now() + 6 * 86_400_000);

    const old = await accept(t, late, tokenOf(invitation.url));
    expect(old.statusCode).toBe(404);
    const ok = await accept(t, late, tokenOf(fresh.url));
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('stops working once revoked', async () => {
    const user = await verifiedUser(t);
    const invitation = await invite(t, owner, workspace, user.email, 'admin');
    const revoked = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/workspaces/${workspace}/invitations/${invitation.id}`,
      headers: owner.headers,
    });
    expect(revoked.statusCode).toBe(204);
    expect((await pending()).map((i) => i.id)).not.toContain(invitation.id);
    const response = await accept(t, user, tokenOf(invitation.url));
    expect(response.statusCode).toBe(410);
    expect(response.json().code).toBe('invitation_revoked');
    const resend = await t.app.inject({
      method: 'POST',
      url: `/api/v1/workspaces/${workspace}/invitations/${invitation.id}/resend`,
      headers: owner.headers,
    });
    expect(resend.json().code).toBe('invitation_revoked');
  });

  it("keeps another workspace's invitations out of reach", async () => {
    const other = await signedInUser(t);
    const theirs = await createWorkspace(t, other, 'Theirs');
    const invitation = await invite(t, other, theirs, 'x@example.com', 'viewer');
    for (const [method, url] of [
      ['DELETE', `/api/v1/workspaces/${workspace}/invitations/${invitation.id}`],
      ['POST', `/api/v1/workspaces/${workspace}/invitations/${invitation.id}/resend`],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: owner.headers });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('records invitation and member events in the workspace log, never the token', async () => {
    const user = await verifiedUser(t);
    const invitation = await invite(t, owner, workspace, user.email, 'viewer');
    await accept(t, user, tokenOf(invitation.url));
    const rows = await t.database.handle.db
      .selectFrom('events')
      .select(['type', 'resource_id', 'data_json', 'actor_id'])
      .where('workspace_id', '=', workspace)
      .execute();
    const types = rows.map((r) => r.type);
    expect(types).toEqual(
      expect.arrayContaining([
        'workspace.created',
        'invitation.created',
        'invitation.accepted',
        'member.added',
      ]),
    );
    expect(rows.find((r) => r.type === 'member.added' && r.resource_id === user.uid)?.actor_id).toBe(
      user.uid,
    );
    expect(JSON.stringify(rows)).not.toContain(tokenOf(invitation.url));
  });
});
