import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CreatedKey, createApiKey, type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import { discPng } from '../helpers/png.js';

/**
 * The audit log of codes, rules, designs and assets: each change made through the API, by a
 * member or by an API key, is one event with its actor, resource and data; a refused change is
 * none. The events are read from the table (the log's own route is built elsewhere).
 */

interface LoggedEvent {
  type: string;
  workspace: string;
  actor: { type: string; id: string; email: string | null };
  resource: { type: string; id: string };
  data: Record<string, unknown>;
}

interface Caller {
  name: string;
  headers: () => Record<string, string>;
  actor: () => LoggedEvent['actor'];
}

const env = { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() };
const logoDataUrl = (size: number) => `data:image/png;base64,${discPng(size).toString('base64')}`;

describe.each(engines)('audit events of codes, rules, designs and assets on $name', (engine) => {
  let t: TestApp;
  let alice: SignedInUser;
  let key: CreatedKey;

  beforeAll(async () => {
    t = await buildTestApp(engine, { env });
    alice = await signedInUser(t);
    key = await createApiKey(t, alice, [
      'qrcodes:read',
      'qrcodes:write',
      'rules:read',
      'rules:write',
      'designs:read',
      'designs:write',
    ]);
  });
  afterAll(() => t.close());

  const callers: Caller[] = [
    {
      name: 'a signed-in member',
      headers: () => alice.headers,
      actor: () => ({ type: 'user', id: alice.uid, email: alice.email }),
    },
    {
      name: 'an API key',
      headers: () => key.headers,
      actor: () => ({ type: 'apiKey', id: key.id, email: null }),
    },
  ];

  /** Every event of the workspace, oldest first; with `resourceId`, that resource's alone. */
  async function events(resourceId?: string): Promise<LoggedEvent[]> {
    let query = t.app.database.db
      .selectFrom('events')
      .selectAll()
      .where('workspace_id', '=', alice.workspaceId)
      .orderBy('id');
    if (resourceId !== undefined) query = query.where('resource_id', '=', resourceId);
    const rows = await query.execute();
    return rows.map((row) => ({
      type: row.type,
      workspace: row.workspace_id,
      actor: { type: row.actor_type, id: row.actor_id, email: row.actor_email },
      resource: { type: row.resource_type, id: row.resource_id },
      data: JSON.parse(row.data_json) as Record<string, unknown>,
    }));
  }

  describe.each(callers)('as $name', (caller) => {
    const api = async (method: string, url: string, payload?: unknown) =>
      t.app.inject({
        method: method as 'GET',
        url,
        headers: caller.headers(),
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
    const ok = async (method: string, url: string, payload?: unknown) => {
      const response = await api(method, url, payload);
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.statusCode === 204 ? undefined : response.json();
    };
    const expectedEvent = (type: string, resource: LoggedEvent['resource'], data: unknown) => ({
      type,
      workspace: alice.workspaceId,
      actor: caller.actor(),
      resource,
      data,
    });

    it('logs a code created, changed field by field, and deleted', async () => {
      const created = await ok('POST', '/api/v1/qrcodes', {
        mode: 'redirect',
        target: 'https://example.com/menu',
        title: 'Menu',
        tags: ['menu'],
      });
      const code = { type: 'qrcode', id: created.id as string };
      const { image, ...shown } = created;
      expect(image).toBeDefined();

      await ok('PATCH', `/api/v1/qrcodes/${code.id}`, { target: 'https://example.com/lunch', title: null });
      await ok('PATCH', `/api/v1/qrcodes/${code.id}`, { enabled: false });
      const slug = `moved-${created.slug}`;
      await ok('PATCH', `/api/v1/qrcodes/${code.id}`, { slug });
      // A patch that changes nothing is no change.
      await ok('PATCH', `/api/v1/qrcodes/${code.id}`, { tags: ['menu'] });
      const last = await ok('GET', `/api/v1/qrcodes/${code.id}`);
      await ok('DELETE', `/api/v1/qrcodes/${code.id}`);

      const logged = await events(code.id);
      expect(logged).toEqual([
        expectedEvent('qrcode.created', code, { object: shown }),
        expectedEvent('qrcode.updated', code, {
          changes: {
            target: ['https://example.com/menu', 'https://example.com/lunch'],
            title: ['Menu', null],
          },
        }),
        expectedEvent('qrcode.updated', code, { changes: { enabled: [true, false] } }),
        expectedEvent('qrcode.updated', code, {
          changes: {
            slug: [created.slug, slug],
            shortUrl: [created.shortUrl, created.shortUrl.replace(created.slug, slug)],
          },
        }),
        expectedEvent('qrcode.deleted', code, { object: last }),
      ]);
      expect(logged[0]?.data.object).toMatchObject({
        shortUrl: created.shortUrl,
        target: 'https://example.com/menu',
      });
      expect(JSON.stringify(logged)).not.toContain('<svg');
    });

    it('logs rules created, changed and deleted, and each code whose rules change', async () => {
      const rule = await ok('POST', '/api/v1/rules', {
        name: 'iPhones',
        when: { os: ['ios'] },
        then: { redirect: 'https://apps.apple.com/app/id1' },
      });
      const ruleRef = { type: 'rule', id: rule.id as string };
      const changed = await ok('PATCH', `/api/v1/rules/${rule.id}`, {
        name: 'iPhones and iPads',
        enabled: false,
      });
      const code = await ok('POST', '/api/v1/qrcodes', { mode: 'redirect', target: 'https://example.com/a' });
      const codeRef = { type: 'qrcode', id: code.id as string };
      await ok('PUT', `/api/v1/qrcodes/${code.id}/rules`, { rules: [rule.id] });
      // The same rules again change nothing.
      await ok('PUT', `/api/v1/qrcodes/${code.id}/rules`, { rules: [rule.id] });
      await ok('DELETE', `/api/v1/rules/${rule.id}`);

      expect(await events(rule.id)).toEqual([
        expectedEvent('rule.created', ruleRef, { object: rule }),
        expectedEvent('rule.updated', ruleRef, {
          changes: { name: ['iPhones', 'iPhones and iPads'], enabled: [true, false] },
        }),
        expectedEvent('rule.deleted', ruleRef, { object: changed }),
      ]);
      const codeEvents = (await events(code.id)).filter((event) => event.type !== 'qrcode.created');
      // Deleting the rule took it off the code: the code's change, by whoever deleted the rule.
      expect(codeEvents).toEqual([
        expectedEvent('qrcode.rules_updated', codeRef, { changes: { rules: [[], [rule.id]] } }),
        expectedEvent('qrcode.rules_updated', codeRef, { changes: { rules: [[rule.id], []] } }),
      ]);
    });

    it('logs designs created, changed and deleted; an apply is each restyled code’s update', async () => {
      const style = { dots: { type: 'rounded', color: '#4c1d95' } };
      const design = await ok('POST', '/api/v1/designs', { name: 'Purple', style });
      const designRef = { type: 'design', id: design.id as string };
      const renamed = await ok('PATCH', `/api/v1/designs/${design.id}`, { name: 'Brand purple' });
      const code = await ok('POST', '/api/v1/qrcodes', { mode: 'redirect', target: 'https://example.com/b' });
      const [applied] = await ok('POST', `/api/v1/designs/${design.id}/apply`, { codes: [code.id] }).then(
        (answer) => answer.data,
      );
      await ok('DELETE', `/api/v1/designs/${design.id}`);

      expect(await events(design.id)).toEqual([
        expectedEvent('design.created', designRef, { object: design }),
        expectedEvent('design.updated', designRef, { changes: { name: ['Purple', 'Brand purple'] } }),
        expectedEvent('design.deleted', designRef, { object: renamed }),
      ]);
      const codeEvents = await events(code.id);
      expect(codeEvents.map((event) => event.type)).toEqual(['qrcode.created', 'qrcode.updated']);
      expect(codeEvents[1]).toEqual(
        expectedEvent(
          'qrcode.updated',
          { type: 'qrcode', id: code.id },
          {
            changes: { style: [code.style, applied.style] },
            design: design.id,
          },
        ),
      );
    });

    it('logs an asset stored by upload or as a code’s logo, once per image', async () => {
      const png = discPng(40 + callers.indexOf(caller));
      const upload = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/assets',
          headers: { ...caller.headers(), 'content-type': 'image/png' },
          payload: png,
        });
      const first = await upload();
      expect(first.statusCode, first.body).toBe(201);
      const again = await upload();
      expect(again.statusCode).toBe(200);
      const asset = first.json();
      expect(await events(asset.id)).toEqual([
        expectedEvent('asset.created', { type: 'asset', id: asset.id }, { object: asset }),
      ]);

      const code = await ok('POST', '/api/v1/qrcodes', {
        mode: 'redirect',
        target: 'https://example.com/c',
        style: { logo: { src: logoDataUrl(50 + callers.indexOf(caller)), size: 0.1, margin: 1 } },
      });
      const logoId = /ast_[0-9a-z]{26}/.exec(code.style.logo.src)?.[0] as string;
      expect(await events(logoId)).toEqual([
        expectedEvent(
          'asset.created',
          { type: 'asset', id: logoId },
          { object: expect.objectContaining({ id: logoId, url: `/api/v1/assets/${logoId}` }) },
        ),
      ]);
    });

    it('logs a create replayed by its Idempotency-Key once', async () => {
      const body = { mode: 'redirect', target: 'https://example.com/once' };
      const idempotencyKey = `once-${caller.name.replace(/\W/g, '-')}`;
      const send = () =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/qrcodes',
          headers: { ...caller.headers(), 'idempotency-key': idempotencyKey },
          payload: body,
        });
      const first = await send();
      const replay = await send();
      expect([first.statusCode, replay.statusCode]).toEqual([201, 201]);
      expect(replay.json().id).toBe(first.json().id);
      expect((await events(first.json().id)).map((event) => event.type)).toEqual(['qrcode.created']);
    });

    it('logs nothing for a refused change', async () => {
      const code = await ok('POST', '/api/v1/qrcodes', { mode: 'redirect', target: 'https://example.com/d' });
      const other = await ok('POST', '/api/v1/qrcodes', {
        mode: 'redirect',
        target: 'https://example.com/e',
      });
      const rule = await ok('POST', '/api/v1/rules', {
        name: 'r',
        then: { redirect: 'https://example.com/r' },
      });
      const design = await ok('POST', '/api/v1/designs', { name: 'd', style: {} });
      const before = await events();

      const refused = [
        await api('POST', '/api/v1/qrcodes', {
          mode: 'redirect',
          target: 'https://example.com/f',
          slug: code.slug,
        }),
        await api('PATCH', `/api/v1/qrcodes/${other.id}`, { slug: code.slug }),
        await api('PATCH', `/api/v1/qrcodes/${code.id}`, { target: 'not a url' }),
        await api('PUT', `/api/v1/qrcodes/${code.id}/rules`, { rules: ['rule_00000000000000000000000000'] }),
        await api('POST', '/api/v1/rules', { name: 'bad', then: { redirect: 'ftp://example.com' } }),
        await api('PATCH', `/api/v1/rules/${rule.id}`, { then: { status: 200 } }),
        await api('PATCH', `/api/v1/designs/${design.id}`, { name: ' ' }),
        await api('DELETE', '/api/v1/designs/dsn_00000000000000000000000000'),
        await api('DELETE', '/api/v1/rules/rule_00000000000000000000000000'),
      ];
      expect(refused.map((response) => response.statusCode)).toEqual([
        409, 409, 400, 400, 400, 400, 400, 404, 404,
      ]);
      expect(await events()).toEqual(before);
    });
  });
});

describe.each(engines)(
  'erasing a workspace’s codes, rules, designs, assets and analytics on $name',
  (engine) => {
    let t: TestApp;

    beforeAll(async () => {
      t = await buildTestApp(engine, { env });
    });
    afterAll(() => t.close());

    const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
    const scan = async (slug: string) =>
      t.app.inject({ method: 'GET', url: `/r/${slug}`, headers: { 'user-agent': PHONE } });

    /** The workspace's fill of every table these modules keep. */
    async function rowsOf(workspaceId: string, codeIds: string[]): Promise<Record<string, number>> {
      const { db } = t.app.database;
      const count = async (query: { executeTakeFirstOrThrow(): Promise<{ n: unknown }> }) =>
        Number((await query.executeTakeFirstOrThrow()).n);
      const byWorkspace = async (
        table:
          | 'qrcodes'
          | 'rules'
          | 'designs'
          | 'assets'
          | 'scans'
          | 'scan_rollups'
          | 'scan_totals'
          | 'scan_daily_rollups'
          | 'scan_dimension_buckets'
          | 'scan_weekly_rollups',
      ) =>
        count(
          db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .where('account_id', '=', workspaceId),
        );
      return {
        qrcodes: await byWorkspace('qrcodes'),
        qrcode_rules: await count(
          db
            .selectFrom('qrcode_rules')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('qrcode_id', 'in', codeIds),
        ),
        rules: await byWorkspace('rules'),
        designs: await byWorkspace('designs'),
        assets: await byWorkspace('assets'),
        scans: await byWorkspace('scans'),
        scan_rollups: await byWorkspace('scan_rollups'),
        scan_totals: await byWorkspace('scan_totals'),
        scan_daily_rollups: await byWorkspace('scan_daily_rollups'),
        scan_dimension_buckets: await byWorkspace('scan_dimension_buckets'),
        scan_weekly_rollups: await byWorkspace('scan_weekly_rollups'),
        scan_counters: await count(
          db
            .selectFrom('scan_counters')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('qrcode_id', 'in', codeIds),
        ),
        scan_visitors: await count(
          db
            .selectFrom('scan_visitors')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('scope', 'in', [workspaceId, ...codeIds]),
        ),
      };
    }

    it('leaves nothing of the workspace, and its codes stop redirecting at once while others’ go on', async () => {
      const dora = await signedInUser(t);
      const erin = await signedInUser(t);
      const ok = async (who: SignedInUser, method: string, url: string, payload?: unknown) => {
        const response = await t.app.inject({
          method: method as 'GET',
          url,
          headers: who.headers,
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
        expect(response.statusCode, response.body).toBeLessThan(300);
        return response.json();
      };
      const rule = await ok(dora, 'POST', '/api/v1/rules', {
        name: 'iPhones',
        when: { os: ['ios'] },
        then: { redirect: 'https://example.com/ios' },
      });
      const code = await ok(dora, 'POST', '/api/v1/qrcodes', {
        mode: 'redirect',
        target: 'https://example.com/dora',
        rules: [rule.id],
        style: { logo: { src: logoDataUrl(48), size: 0.1, margin: 1 } },
      });
      const plain = await ok(dora, 'POST', '/api/v1/qrcodes', {
        mode: 'redirect',
        target: 'https://example.com/p',
      });
      await ok(dora, 'POST', '/api/v1/designs', { name: 'Dora’s', style: {} });
      const kept = await ok(erin, 'POST', '/api/v1/qrcodes', {
        mode: 'redirect',
        target: 'https://example.com/erin',
      });
      const logoUrl = code.style.logo.src as string;

      // Scanned first, so the edge holds the codes in its cache when the workspace goes.
      // The erased workspace's scans are the last stored: scans after its erasure still count.
      expect((await scan(kept.slug)).headers.location).toBe('https://example.com/erin');
      expect((await scan(code.slug)).headers.location).toBe('https://example.com/ios');
      expect((await scan(plain.slug)).headers.location).toBe('https://example.com/p');
      await t.app.scans.settled();
      const codeIds = [code.id, plain.id];
      const before = await rowsOf(dora.workspaceId, codeIds);
      for (const [table, rows] of Object.entries(before)) expect(rows, table).toBeGreaterThan(0);

      // Dora's workspace is personal, which DELETE /workspaces/{id} refuses: the erasers it runs
      // are called directly.
      await t.app.workspaces.eraseData(dora.workspaceId);

      const after = await rowsOf(dora.workspaceId, codeIds);
      expect(after).toEqual(Object.fromEntries(Object.keys(before).map((table) => [table, 0])));
      expect((await scan(code.slug)).statusCode).toBe(404);
      expect((await scan(plain.slug)).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: logoUrl })).statusCode).toBe(404);
      const still = await scan(kept.slug);
      expect(still.headers.location).toBe('https://example.com/erin');
      expect((await ok(erin, 'GET', `/api/v1/qrcodes/${kept.id}`)).scans.total).toBe(2);
      await t.app.scans.settled();
      expect((await rowsOf(erin.workspaceId, [kept.id])).scans).toBe(2);
    });
  },
);
