import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import { createWorkspace, invite, join, verifiedUser } from '../helpers/workspaces.js';

const env = { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() };

describe.each(engines)('workspaces on $name', (engine) => {
  let t: TestApp;
  let owner: SignedInUser;
  let stranger: SignedInUser;
  beforeAll(async () => {
    t = await buildTestApp(engine, { env });
    owner = await signedInUser(t, { displayName: 'Olga Owner' });
    stranger = await signedInUser(t);
  });
  afterAll(() => t.close());

  const call = (
    user: { headers: Record<string, string> },
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...user.headers, ...headers },
      ...(payload ? { payload } : {}),
    });

  it('creates a team workspace owned by its maker, listed with the role in /workspaces and /me', async () => {
    const created = await call(owner, 'POST', '/workspaces', { name: '  Acme marketing ' });
    expect(created.statusCode).toBe(201);
    const workspace = created.json();
    expect(workspace).toMatchObject({ name: 'Acme marketing', personal: false, role: 'owner' });
    expect(workspace.id).toMatch(/^acct_/);

    const list = (await call(owner, 'GET', '/workspaces')).json();
    expect(list.data.map((w: { id: string; role: string }) => [w.id, w.role])).toEqual([
      [owner.workspaceId, 'owner'],
      [workspace.id, 'owner'],
    ]);
    const me = (await call(owner, 'GET', '/me')).json();
    expect(me.workspaces.map((w: { id: string }) => w.id)).toContain(workspace.id);
    expect((await call(owner, 'GET', `/workspaces/${workspace.id}`)).json()).toEqual(workspace);
  });

  it('refuses an empty name', async () => {
    const response = await call(owner, 'POST', '/workspaces', { name: '   ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe('/body/name');
  });

  it("answers 404 for another's workspace, on every route, whatever RQ-Workspace says", async () => {
    const id = await createWorkspace(t, owner, 'Private');
    for (const [method, url, payload] of [
      ['GET', `/workspaces/${id}`],
      ['PATCH', `/workspaces/${id}`, { name: 'Mine now' }],
      ['DELETE', `/workspaces/${id}`, { confirm: 'Private' }],
      ['GET', `/workspaces/${id}/members`],
      ['PATCH', `/workspaces/${id}/members/${owner.uid}`, { role: 'viewer' }],
      ['DELETE', `/workspaces/${id}/members/${owner.uid}`],
      ['POST', `/workspaces/${id}/transfer`, { uid: stranger.uid }],
      ['POST', `/workspaces/${id}/invitations`, { email: stranger.email, role: 'admin' }],
      ['GET', `/workspaces/${id}/invitations`],
      ['GET', `/workspaces/${owner.workspaceId}`],
    ] as const) {
      const response = await call(stranger, method, url, payload, { 'rq-workspace': id });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      // The same answer whether the workspace exists or not.
      expect(response.json().code).toBe('not_a_member');
    }
    expect((await call(owner, 'GET', `/workspaces/${id}`)).json().name).toBe('Private');
  });

  it('checks the role held in the workspace of the path, not the one RQ-Workspace picks', async () => {
    const mine = await createWorkspace(t, owner, 'Where I am a viewer');
    const admin = await verifiedUser(t);
    await join(t, owner, mine, admin, 'viewer');
    const theirs = await createWorkspace(t, admin, 'Their own');
    // Working in `mine` (a viewer there), renaming `theirs` (the owner there) is allowed ...
    const renamed = await call(
      admin,
      'PATCH',
      `/workspaces/${theirs}`,
      { name: 'Renamed' },
      { 'rq-workspace': mine },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: 'Renamed', role: 'owner' });
    // ... and renaming `mine` is not, whatever the header says.
    const refused = await call(
      admin,
      'PATCH',
      `/workspaces/${mine}`,
      { name: 'Nope' },
      { 'rq-workspace': theirs },
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'forbidden', role: 'admin', yourRole: 'viewer' });
    expect(refused.json().detail).toContain('admin role');
  });

  it('lists members with the profile of their own account', async () => {
    const id = await createWorkspace(t, owner, 'Profiles');
    const editor = await verifiedUser(t, { displayName: 'Eddie Editor' });
    await join(t, owner, id, editor, 'editor');
    const members = (await call(editor, 'GET', `/workspaces/${id}/members`)).json().data;
    expect(members).toEqual([
      {
        uid: owner.uid,
        email: owner.email,
        displayName: 'Olga Owner',
        role: 'owner',
        joinedAt: expect.any(String),
      },
      {
        uid: editor.uid,
        email: editor.email,
        displayName: 'Eddie Editor',
        role: 'editor',
        joinedAt: expect.any(String),
      },
    ]);
  });

  describe('roles and the one owner', () => {
    let id: string;
    let admin: SignedInUser;
    let editor: SignedInUser;
    let viewer: SignedInUser;
    beforeAll(async () => {
      id = await createWorkspace(t, owner, 'Roles');
      admin = await verifiedUser(t);
      editor = await verifiedUser(t);
      viewer = await verifiedUser(t);
      await join(t, owner, id, admin, 'admin');
      await join(t, owner, id, editor, 'editor');
      await join(t, owner, id, viewer, 'viewer');
    });

    it('lets an admin change the role of a member other than the owner', async () => {
      const changed = await call(admin, 'PATCH', `/workspaces/${id}/members/${editor.uid}`, {
        role: 'viewer',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({ uid: editor.uid, role: 'viewer' });
      await call(admin, 'PATCH', `/workspaces/${id}/members/${editor.uid}`, { role: 'editor' });
    });

    it("refuses to change the owner's role, or to make an owner, except by transfer", async () => {
      const ownerRole = await call(admin, 'PATCH', `/workspaces/${id}/members/${owner.uid}`, {
        role: 'admin',
      });
      expect(ownerRole.statusCode).toBe(409);
      expect(ownerRole.json().code).toBe('owner_must_transfer');
      const own = await call(owner, 'PATCH', `/workspaces/${id}/members/${owner.uid}`, { role: 'viewer' });
      expect(own.json().code).toBe('owner_must_transfer');
      const makeOwner = await call(owner, 'PATCH', `/workspaces/${id}/members/${editor.uid}`, {
        role: 'owner',
      });
      expect(makeOwner.statusCode).toBe(400);
      expect(makeOwner.json().errors[0].path).toBe('/body/role');
    });

    it('refuses members management to editors and viewers, naming the admin role', async () => {
      for (const user of [editor, viewer]) {
        const response = await call(user, 'PATCH', `/workspaces/${id}/members/${admin.uid}`, {
          role: 'viewer',
        });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toMatchObject({ code: 'forbidden', role: 'admin' });
        const removal = await call(user, 'DELETE', `/workspaces/${id}/members/${admin.uid}`);
        expect(removal.statusCode).toBe(403);
        expect(removal.json()).toMatchObject({ code: 'forbidden', role: 'admin' });
      }
      const rename = await call(editor, 'PATCH', `/workspaces/${id}`, { name: 'x' });
      expect(rename.json()).toMatchObject({ code: 'forbidden', role: 'admin' });
      const remove = await call(admin, 'DELETE', `/workspaces/${id}`, { confirm: 'Roles' });
      expect(remove.json()).toMatchObject({ code: 'forbidden', role: 'owner' });
    });

    it('keeps the owner: they cannot leave or be removed', async () => {
      const leave = await call(owner, 'DELETE', `/workspaces/${id}/members/${owner.uid}`);
      expect(leave.statusCode).toBe(409);
      expect(leave.json().code).toBe('owner_must_transfer');
      expect(leave.json().detail).toContain('transfer');
      const removed = await call(admin, 'DELETE', `/workspaces/${id}/members/${owner.uid}`);
      expect(removed.statusCode).toBe(409);
      expect(removed.json().code).toBe('owner_must_transfer');
    });

    it('lets a member leave, and an admin remove another; they lose access at once', async () => {
      const leaver = await verifiedUser(t);
      await join(t, owner, id, leaver, 'viewer');
      expect((await call(leaver, 'DELETE', `/workspaces/${id}/members/${leaver.uid}`)).statusCode).toBe(204);
      expect((await call(leaver, 'GET', `/workspaces/${id}`)).statusCode).toBe(404);
      expect((await call(leaver, 'GET', '/me', undefined, { 'rq-workspace': id })).statusCode).toBe(404);
      // Its own code, so the site tells "you were removed" from a missing object by it, not by the words.
      const gone = await call(leaver, 'GET', '/qrcodes', undefined, { 'rq-workspace': id });
      expect(gone.statusCode).toBe(404);
      expect(gone.json().code).toBe('not_a_member');

      const removed = await verifiedUser(t);
      await join(t, owner, id, removed, 'editor');
      expect((await call(admin, 'DELETE', `/workspaces/${id}/members/${removed.uid}`)).statusCode).toBe(204);
      expect((await call(removed, 'GET', `/workspaces/${id}`)).statusCode).toBe(404);
      const uids = (await call(owner, 'GET', `/workspaces/${id}/members`))
        .json()
        .data.map((m: { uid: string }) => m.uid);
      expect(uids).not.toContain(removed.uid);
      expect(uids).not.toContain(leaver.uid);
      expect((await call(admin, 'DELETE', `/workspaces/${id}/members/not-a-member`)).statusCode).toBe(404);
    });

    it('transfers ownership: only the owner, to a member; the old owner becomes admin', async () => {
      const notOwner = await call(admin, 'POST', `/workspaces/${id}/transfer`, { uid: admin.uid });
      expect(notOwner.statusCode).toBe(403);
      expect(notOwner.json()).toMatchObject({ code: 'forbidden', role: 'owner' });
      expect(
        (await call(owner, 'POST', `/workspaces/${id}/transfer`, { uid: stranger.uid })).statusCode,
      ).toBe(404);

      const moved = await call(owner, 'POST', `/workspaces/${id}/transfer`, { uid: admin.uid });
      expect(moved.statusCode, moved.body).toBe(200);
      const roles = Object.fromEntries(
        moved.json().data.map((m: { uid: string; role: string }) => [m.uid, m.role]),
      );
      expect(roles[admin.uid]).toBe('owner');
      expect(roles[owner.uid]).toBe('admin');
      expect(Object.values(roles).filter((r) => r === 'owner')).toHaveLength(1);
      // The old owner may now leave; the new one may not.
      expect((await call(admin, 'DELETE', `/workspaces/${id}/members/${admin.uid}`)).json().code).toBe(
        'owner_must_transfer',
      );
      const back = await call(admin, 'POST', `/workspaces/${id}/transfer`, { uid: owner.uid });
      expect(back.statusCode).toBe(200);
    });
  });

  it('never transfers or deletes a personal workspace, though it takes members', async () => {
    const transfer = await call(owner, 'POST', `/workspaces/${owner.workspaceId}/transfer`, {
      uid: stranger.uid,
    });
    expect(transfer.statusCode).toBe(409);
    expect(transfer.json().code).toBe('personal_workspace');
    const remove = await call(owner, 'DELETE', `/workspaces/${owner.workspaceId}`, { confirm: 'anything' });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().code).toBe('personal_workspace');

    const leave = await call(owner, 'DELETE', `/workspaces/${owner.workspaceId}/members/${owner.uid}`);
    expect(leave.statusCode).toBe(409);
    expect(leave.json().code).toBe('personal_workspace');

    const guest = await verifiedUser(t);
    await join(t, owner, owner.workspaceId, guest, 'viewer');
    const theirs = (await call(guest, 'GET', '/workspaces')).json().data;
    expect(theirs.map((w: { id: string; role: string; personal: boolean }) => [w.id, w.role])).toContainEqual(
      [owner.workspaceId, 'viewer'],
    );
  });

  it('deletes a team workspace only with its exact name, and then it is gone', async () => {
    const id = await createWorkspace(t, owner, 'Doomed');
    const member = await verifiedUser(t);
    await join(t, owner, id, member, 'editor');
    await invite(t, owner, id, 'pending@example.com', 'viewer');
    const code = await call(
      member,
      'POST',
      '/qrcodes',
      { mode: 'redirect', target: 'https://example.com/doomed' },
      { 'rq-workspace': id },
    );
    expect(code.statusCode, code.body).toBe(201);
    const slug = code.json().slug as string;
    const scan = () => t.app.inject({ method: 'GET', url: `/r/${slug}` });
    expect((await scan()).headers.location).toBe('https://example.com/doomed');

    const bare = await call(owner, 'DELETE', `/workspaces/${id}`);
    expect(bare.statusCode).toBe(422);
    expect(bare.json().code).toBe('confirmation_required');
    expect(bare.json().detail).toContain('"Doomed"');
    const wrong = await call(owner, 'DELETE', `/workspaces/${id}`, { confirm: 'doomed' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual([{ path: '/confirm', message: expect.stringContaining('Doomed') }]);
    expect((await call(owner, 'GET', `/workspaces/${id}`)).statusCode).toBe(200);

    const deleted = await call(owner, 'DELETE', `/workspaces/${id}`, { confirm: 'Doomed' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toMatchObject({ id, deleted: true });
    expect(deleted.json().detail).toContain('stopped redirecting');
    expect((await scan()).statusCode).toBe(404);

    for (const user of [owner, member]) {
      expect(
        (await call(user, 'GET', '/workspaces')).json().data.map((w: { id: string }) => w.id),
      ).not.toContain(id);
      expect((await call(user, 'GET', `/workspaces/${id}`)).statusCode).toBe(404);
      expect((await call(user, 'GET', '/me', undefined, { 'rq-workspace': id })).statusCode).toBe(404);
    }
    expect(await t.app.accounts.getWorkspace(id)).toBeUndefined();
    expect(await t.app.workspaces.listMembers(id)).toEqual([]);
    expect(await t.app.invitations.listPending(id)).toEqual([]);
  });

  it("records each change in the workspace log; a deletion in the deleting owner's personal log", async () => {
    const id = await createWorkspace(t, owner, 'Logged');
    const member = await verifiedUser(t);
    await join(t, owner, id, member, 'viewer');
    await call(owner, 'PATCH', `/workspaces/${id}`, { name: 'Logged too' });
    await call(owner, 'PATCH', `/workspaces/${id}/members/${member.uid}`, { role: 'admin' });
    await call(owner, 'POST', `/workspaces/${id}/transfer`, { uid: member.uid });
    await call(owner, 'DELETE', `/workspaces/${id}/members/${owner.uid}`);
    const events = async (workspaceId: string) =>
      t.database.handle.db
        .selectFrom('events')
        .select(['type', 'resource_type', 'resource_id', 'actor_id', 'data_json'])
        .where('workspace_id', '=', workspaceId)
        .orderBy('id')
        .execute();
    const log = await events(id);
    // Events of one transaction share a millisecond, so their order within it is not defined.
    expect(log.map((e) => e.type).sort()).toEqual(
      [
        'workspace.created',
        'invitation.created',
        'invitation.accepted',
        'member.added',
        'workspace.updated',
        'member.updated',
        'workspace.transferred',
        'member.left',
      ].sort(),
    );
    const byType = Object.fromEntries(log.map((e) => [e.type, { ...e, data: JSON.parse(e.data_json) }]));
    expect(byType['workspace.updated']?.data).toEqual({ changes: { name: ['Logged', 'Logged too'] } });
    expect(byType['member.updated']?.data).toEqual({ changes: { role: ['viewer', 'admin'] } });
    expect(byType['workspace.transferred']?.data).toEqual({ changes: { owner: [owner.uid, member.uid] } });
    expect(byType['member.left']).toMatchObject({ resource_id: owner.uid, actor_id: owner.uid });

    expect((await call(member, 'DELETE', `/workspaces/${id}`, { confirm: 'Logged too' })).statusCode).toBe(
      200,
    );
    const personal = await events(member.workspaceId);
    expect(personal.map((e) => [e.type, e.resource_id])).toContainEqual(['workspace.deleted', id]);
  });

  it('lets an API key reach only its own workspace by path, and never manage members', async () => {
    const key = await createApiKey(t, owner, ['qrcodes:read']);
    const own = await call(key, 'GET', `/workspaces/${owner.workspaceId}`);
    expect(own.statusCode, own.body).toBe(200);
    const other = await call(key, 'GET', `/workspaces/${stranger.workspaceId}`);
    expect(other.statusCode).toBe(404);
    const members = await call(key, 'PATCH', `/workspaces/${owner.workspaceId}/members/${owner.uid}`, {
      role: 'viewer',
    });
    expect(members.statusCode).toBe(403);
  });
});
