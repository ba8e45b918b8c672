import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../../scripts/lib/ports.mjs';
import { hashApiKey } from '../../src/modules/apikeys/apikeys.service.js';
import { EventsService } from '../../src/modules/events/events.service.js';
import { billingEnv, buy, confirm, type Standin, startPaypalStandin } from '../billing/billing-helpers.js';
import { createApiKey, type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, listeningTestApp, type TestApp } from '../helpers/app.js';
import { type DnsServer, startDnsmasq } from '../helpers/dnsmasq.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';

/**
 * The audit log as an admin reads it: GET /events lists a workspace's changes newest first, by
 * filter and page, to admins and owners only; each change of hostnames, API keys, the signing
 * secret and subscriptions is there with who made it (a user, an API key, the system), and no
 * secret ever is. Old events go after EVENT_RETENTION_DAYS; a deleted workspace's data goes with it.
 */

interface EventBody {
  id: string;
  type: string;
  at: string;
  workspace: string;
  actor: { type: 'user' | 'apiKey' | 'system'; id: string; email: string | null };
  resource: { type: string; id: string };
  data: Record<string, unknown>;
}
interface EventPage {
  data: EventBody[];
  nextCursor: string | null;
}

const DAY = 86_400_000;
const EDGE = 'edge.rq.example';
const EDGE_RECORD = `--host-record=${EDGE},127.0.0.2`;

const inWorkspace = (user: SignedInUser, workspaceId: string) => ({
  ...user.headers,
  'rq-workspace': workspaceId,
});

async function eventsOf(t: TestApp, headers: Record<string, string>, query = ''): Promise<EventPage> {
  const response = await t.app.inject({ method: 'GET', url: `/api/v1/events${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as EventPage;
}

describe.each(engines)('the audit log on $name', (engine) => {
  let t: TestApp;
  let owner: SignedInUser;
  let stranger: SignedInUser;
  let dnsPort: number;
  let dns: DnsServer | undefined;

  beforeAll(async () => {
    dnsPort = await freePort();
    t = await buildTestApp(engine, {
      env: {
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
        PUBLIC_URL: 'https://app.rq.example',
        SHORT_URL: 'https://rq.link',
        EDGE_HOSTNAME: EDGE,
        EDGE_ADDRESSES: '127.0.0.2',
        DNS_RESOLVER: `127.0.0.1:${dnsPort}`,
      },
    });
    owner = await signedInUser(t);
    stranger = await signedInUser(t);
  });
  afterEach(async () => {
    await dns?.stop();
    dns = undefined;
  });
  afterAll(() => t.close());

  const api = async (method: string, url: string, headers: Record<string, string>, payload?: object) => {
    const response = await t.app.inject({
      method: method as 'GET',
      url,
      headers,
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.body ? response.json() : undefined;
  };

  /** Serves the TXT and CNAME records that verify `host`, or none of them. */
  async function publishDns(host: { hostname: string; verification: { name: string; value: string } }) {
    await dns?.stop();
    dns = await startDnsmasq(dnsPort, {
      localDomains: ['example.com'],
      records: [
        EDGE_RECORD,
        `--txt-record=${host.verification.name},${host.verification.value}`,
        `--cname=${host.hostname},${EDGE}`,
      ],
    });
  }
  async function publishNothing() {
    await dns?.stop();
    dns = await startDnsmasq(dnsPort, { localDomains: ['example.com'], records: [EDGE_RECORD] });
  }

  it("records a hostname's life and each verification by the user who asked, and the checker's decisions as the system", async () => {
    const userActor = { type: 'user', id: owner.uid, email: owner.email };
    const host = await api('POST', '/api/v1/hostnames', owner.headers, {
      hostname: 'qr.events-one.example.com',
    });
    await api('PATCH', `/api/v1/hostnames/${host.id}`, owner.headers, {
      rootRedirect: 'https://example.com/home',
    });
    await publishNothing();
    await api('POST', `/api/v1/hostnames/${host.id}/verify`, owner.headers);
    await publishDns(host);
    await api('POST', `/api/v1/hostnames/${host.id}/verify`, owner.headers);

    const { data } = await eventsOf(t, owner.headers, `?resource=${host.id}`);
    expect(data.map((e) => e.type)).toEqual([
      'hostname.verified',
      'hostname.verification_failed',
      'hostname.updated',
      'hostname.created',
    ]);
    for (const event of data) {
      expect(event).toMatchObject({
        workspace: owner.workspaceId,
        actor: userActor,
        resource: { type: 'hostname', id: host.id },
      });
    }
    const [verified, failed, updated, created] = data as [EventBody, EventBody, EventBody, EventBody];
    expect(created.data.object).toMatchObject({ id: host.id, hostname: 'qr.events-one.example.com' });
    expect(updated.data).toEqual({ changes: { rootRedirect: [null, 'https://example.com/home'] } });
    expect(failed.data).toMatchObject({
      hostname: 'qr.events-one.example.com',
      failure: { code: 'nxdomain' },
    });
    expect(verified.data).toMatchObject({ status: 'verified', changes: { status: ['pending', 'verified'] } });

    // The scheduled checker: a name whose records appear is verified by the system; a re-check
    // that decides nothing (still pending) is not logged.
    const second = await api('POST', '/api/v1/hostnames', owner.headers, {
      hostname: 'qr.events-two.example.com',
    });
    await publishNothing();
    await makeDue(second.id);
    await t.app.hostnames.checkDue(20);
    expect((await eventsOf(t, owner.headers, `?resource=${second.id}`)).data.map((e) => e.type)).toEqual([
      'hostname.created',
    ]);
    await publishDns(second);
    await makeDue(second.id);
    await t.app.hostnames.checkDue(20);
    const [decided] = (await eventsOf(t, owner.headers, `?resource=${second.id}&type=hostname.verified`))
      .data;
    expect(decided?.actor).toEqual({ type: 'system', id: 'hostname-checker', email: null });

    await api('DELETE', `/api/v1/hostnames/${second.id}`, owner.headers);
    const [deleted] = (await eventsOf(t, owner.headers, `?resource=${second.id}`)).data;
    expect(deleted).toMatchObject({
      type: 'hostname.deleted',
      actor: userActor,
      data: { object: { id: second.id } },
    });
  });

  async function makeDue(hostnameId: string) {
    await t.database.handle.db
      .updateTable('hostnames')
      .set({ next_check_at: 0 })
      .where('id', '=', hostnameId)
      .execute();
  }

  it('records API keys made and revoked, and changes made with a key as that key, never the key itself', async () => {
    const key = await createApiKey(t, owner, ['hostnames:write', 'events:read'], { name: 'deploys' });
    const host = await api('POST', '/api/v1/hostnames', key.headers, { hostname: 'qr.by-key.example.com' });
    const [byKey] = (await eventsOf(t, key.headers, `?resource=${host.id}`)).data;
    expect(byKey?.actor).toEqual({ type: 'apiKey', id: key.id, email: null });
    expect((await eventsOf(t, owner.headers, `?actor=${key.id}`)).data.map((e) => e.type)).toEqual([
      'hostname.created',
    ]);

    await api('DELETE', `/api/v1/api-keys/${key.id}`, owner.headers);
    const { data } = await eventsOf(t, owner.headers, '?resourceType=api_key');
    expect(data.map((e) => e.type)).toEqual(['api_key.revoked', 'api_key.created']);
    for (const event of data) {
      expect(event.actor).toEqual({ type: 'user', id: owner.uid, email: owner.email });
      expect(event.data.object).toMatchObject({ id: key.id, name: 'deploys', prefix: key.key.slice(0, 7) });
      expect(event.data.object).not.toHaveProperty('key');
    }
    const everything = JSON.stringify((await eventsOf(t, owner.headers, '?limit=100')).data);
    expect(everything).not.toContain(key.key);
    expect(everything).not.toContain(hashApiKey(key.key));
  });

  it('records a rotation of the signing secret without the secret', async () => {
    const rotated = await api('POST', '/api/v1/me/signing-secret/rotate', owner.headers);
    const [event] = (await eventsOf(t, owner.headers, '?type=signing_secret.rotated')).data;
    expect(event).toMatchObject({
      actor: { type: 'user', id: owner.uid },
      resource: { type: 'signing_secret', id: owner.workspaceId },
    });
    const everything = JSON.stringify((await eventsOf(t, owner.headers, '?limit=100')).data);
    expect(everything).not.toContain(rotated.secret);
    expect(everything).not.toContain(rotated.secret.slice(-12));
  });

  it("records the operator's grants as the system", async () => {
    await t.app.plans.grants.grant(owner.workspaceId, 'basic', null);
    await t.app.plans.grants.grant(owner.workspaceId, 'basic', Date.parse('2030-01-01T00:00:00Z'));
    await t.app.plans.grants.revoke(owner.workspaceId, 'basic');
    const { data } = await eventsOf(t, owner.headers, '?resourceType=subscription');
    expect(data.map((e) => e.type)).toEqual([
      'subscription.cancelled',
      'subscription.updated',
      'subscription.created',
    ]);
    for (const event of data) expect(event.actor).toEqual({ type: 'system', id: 'plans-cli', email: null });
    expect(data[1]?.data).toEqual({
      changes: {
        currentPeriodEnd: [null, '2030-01-01T00:00:00.000Z'],
        endsAt: [null, '2030-01-01T00:00:00.000Z'],
      },
    });
  });

  /** A team workspace of the owner whose log holds none of its own events yet (not workspace.created). */
  const workspaceWithEmptyLog = async (name: string): Promise<string> => {
    const { id } = await t.app.workspaces.create({ uid: owner.uid }, name);
    await t.database.handle.db.deleteFrom('events').where('workspace_id', '=', id).execute();
    return id;
  };

  describe('filters and pages', () => {
    let workspaceId: string;
    let headers: Record<string, string>;
    const ids: Record<string, string> = {};

    beforeAll(async () => {
      workspaceId = await workspaceWithEmptyLog('Filters');
      headers = inWorkspace(owner, workspaceId);
      const log = (at: string) =>
        new EventsService(t.database.handle.db, { clock: { now: () => Date.parse(at) } });
      const write = async (name: string, at: string, event: Parameters<EventsService['record']>[1]) => {
        await log(at).record(t.database.handle.db, event);
        const [row] = (await eventsOf(t, headers, '?limit=1')).data;
        ids[name] = row?.id as string;
      };
      const user = { type: 'user' as const, id: 'uid-ann', email: 'ann@example.com' };
      const key = { type: 'apiKey' as const, id: 'key_filters', email: null };
      const base = { workspaceId, data: {} };
      await write('jan', '2026-01-01T00:00:00Z', {
        ...base,
        type: 'qrcode.created',
        actor: user,
        resource: { type: 'qrcode', id: 'qr_a' },
      });
      await write('feb', '2026-02-01T00:00:00Z', {
        ...base,
        type: 'qrcode.updated',
        actor: key,
        resource: { type: 'qrcode', id: 'qr_a' },
      });
      await write('mar', '2026-03-01T00:00:00Z', {
        ...base,
        type: 'rule.created',
        actor: user,
        resource: { type: 'rule', id: 'rule_b' },
      });
      await write('apr', '2026-04-01T00:00:00Z', {
        ...base,
        type: 'qrcode.created',
        actor: key,
        resource: { type: 'qrcode', id: 'qr_c' },
      });
    });

    const listed = async (query: string) => (await eventsOf(t, headers, query)).data.map((e) => e.id);

    it('lists newest first, and narrows by each filter and by several', async () => {
      expect(await listed('')).toEqual([ids.apr, ids.mar, ids.feb, ids.jan]);
      expect(await listed('?type=qrcode.created')).toEqual([ids.apr, ids.jan]);
      expect(await listed('?resourceType=qrcode')).toEqual([ids.apr, ids.feb, ids.jan]);
      expect(await listed('?resource=qr_a')).toEqual([ids.feb, ids.jan]);
      expect(await listed('?actor=key_filters')).toEqual([ids.apr, ids.feb]);
      expect(await listed('?from=2026-02-01T00:00:00Z')).toEqual([ids.apr, ids.mar, ids.feb]);
      expect(await listed('?to=2026-03-01')).toEqual([ids.feb, ids.jan]);
      expect(await listed('?from=2026-01-15&to=2026-03-01T00:00:00.001Z')).toEqual([ids.mar, ids.feb]);
      expect(await listed('?type=qrcode.created&actor=uid-ann')).toEqual([ids.jan]);
      expect(await listed('?resource=nothing_here')).toEqual([]);
    });

    it('pages with nextCursor, filtered or not, each event once', async () => {
      const walk = async (query: string) => {
        const seen: string[] = [];
        let cursor: string | null = null;
        do {
          const page: EventPage = await eventsOf(
            t,
            headers,
            `${query}&limit=1${cursor ? `&cursor=${cursor}` : ''}`,
          );
          seen.push(...page.data.map((e) => e.id));
          cursor = page.nextCursor;
        } while (cursor);
        return seen;
      };
      expect(await walk('?')).toEqual([ids.apr, ids.mar, ids.feb, ids.jan]);
      expect(await walk('?resourceType=qrcode&to=2026-03-15')).toEqual([ids.feb, ids.jan]);
      expect((await eventsOf(t, headers, '?limit=4')).nextCursor).toBeNull();
    });

    it('refuses bad filters with a 400 naming each one', async () => {
      const refused = async (query: string, paths: string[]) => {
        const response = await t.app.inject({ method: 'GET', url: `/api/v1/events${query}`, headers });
        expect(response.statusCode, response.body).toBe(400);
        const body = response.json() as { code: string; errors: { path: string }[] };
        expect(body.code).toBe('validation_failed');
        expect(body.errors.map((e) => e.path).sort()).toEqual(paths);
      };
      await refused('?from=yesterday', ['/query/from']);
      await refused('?from=2026-01-01T10:00:00', ['/query/from']); // no offset: whose 10 o'clock?
      await refused('?from=2026-03-01&to=2026-02-01', ['/query/to']);
      await refused('?from=soon&to=later', ['/query/from', '/query/to']);
      await refused('?type=Not%20A%20Type', ['/query/type']);
      await refused('?limit=0', ['/query/limit']);
      await refused('?cursor=bm9wZQ', ['/query/cursor']);
    });

    it('is for admins and the owner: a viewer and an editor get 403, an API key needs events:read', async () => {
      const member = await signedInUser(t);
      await t.app.workspaces.addMember(workspaceId, member.uid, 'viewer');
      const asMember = inWorkspace(member, workspaceId);
      const viewerAnswer = await t.app.inject({ method: 'GET', url: '/api/v1/events', headers: asMember });
      expect(viewerAnswer.statusCode).toBe(403);
      expect(viewerAnswer.json()).toMatchObject({ code: 'forbidden' });
      await t.database.handle.db
        .updateTable('workspace_members')
        .set({ role: 'editor' })
        .where('workspace_id', '=', workspaceId)
        .where('uid', '=', member.uid)
        .execute();
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/v1/events', headers: asMember })).statusCode,
      ).toBe(403);
      await t.database.handle.db
        .updateTable('workspace_members')
        .set({ role: 'admin' })
        .where('workspace_id', '=', workspaceId)
        .where('uid', '=', member.uid)
        .execute();
      expect((await eventsOf(t, asMember)).data).toHaveLength(4);

      const key = await createApiKey(t, owner, ['hostnames:read']);
      const refused = await t.app.inject({ method: 'GET', url: '/api/v1/events', headers: key.headers });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: 'insufficient_scope' });
    });

    it("never shows another workspace's events, even asked for by id", async () => {
      expect((await eventsOf(t, stranger.headers)).data).toEqual([]);
      expect((await eventsOf(t, stranger.headers, '?resource=qr_a')).data).toEqual([]);
      const mine = await eventsOf(t, owner.headers, '?limit=100');
      expect(mine.data.every((e) => e.workspace === owner.workspaceId)).toBe(true);
    });
  });

  it('deletes events older than EVENT_RETENTION_DAYS (400) in the sweep, and keeps younger ones', async () => {
    const workspaceId = await workspaceWithEmptyLog('Retention');
    const now = Date.now();
    for (const age of [401, 399]) {
      const log = new EventsService(t.database.handle.db, { clock: { now: () => now - age * DAY } });
      await log.record(t.database.handle.db, {
        type: 'qrcode.created',
        workspaceId,
        actor: { type: 'user', id: 'uid-old', email: null },
        resource: { type: 'qrcode', id: `qr_${age}` },
        data: {},
      });
    }
    expect(await t.app.events.sweep(now)).toBeGreaterThanOrEqual(1);
    const left = await eventsOf(t, inWorkspace(owner, workspaceId));
    expect(left.data.map((e) => e.resource.id)).toEqual(['qr_399']);
  });

  it("erases a deleted workspace's hostnames (no longer served), API keys, plans and events", async () => {
    const { id: workspaceId } = await t.app.workspaces.create({ uid: owner.uid }, 'Erased');
    const headers = inWorkspace(owner, workspaceId);
    const host = await api('POST', '/api/v1/hostnames', headers, { hostname: 'qr.erased.example.com' });
    await publishDns(host);
    expect((await api('POST', `/api/v1/hostnames/${host.id}/verify`, headers)).status).toBe('verified');
    expect(t.app.hostnames.servedAt('qr.erased.example.com')).toBeDefined();
    const key = await createApiKey(t, { headers }, ['hostnames:read']);
    await t.app.plans.grants.grant(workspaceId, 'pro', null);
    expect((await eventsOf(t, headers)).data.length).toBeGreaterThan(0);

    await t.app.workspaces.eraseData(workspaceId);

    expect(t.app.hostnames.servedAt('qr.erased.example.com')).toBeUndefined();
    const tls = await t.app.inject({
      method: 'GET',
      url: '/internal/tls/allow?domain=qr.erased.example.com',
    });
    expect(tls.statusCode).toBe(404);
    expect((await api('GET', '/api/v1/hostnames', headers)).data).toEqual([]);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/hostnames', headers: key.headers })).statusCode,
    ).toBe(401);
    expect(await t.app.plans.plansOf(workspaceId)).toEqual(['free']);
    expect((await eventsOf(t, headers)).data).toEqual([]);
    // The name is free again for anyone.
    expect(
      (await api('POST', '/api/v1/hostnames', stranger.headers, { hostname: 'qr.erased.example.com' })).id,
    ).toMatch(/^host_/);
  });
});

describe.each(engines)("the audit log of PayPal's subscriptions on $name", (engine) => {
  let paypal: Standin;
  let t: TestApp & { base: string };
  let buyer: SignedInUser;

  beforeAll(async () => {
    paypal = await startPaypalStandin();
    t = await listeningTestApp(engine, { env: billingEnv(paypal) });
    paypal.standin.webhookUrl = `${t.base}/api/v1/billing/paypal/webhook`;
    buyer = await signedInUser(t);
  });
  afterAll(async () => {
    await t.close();
    await paypal.close();
  });

  const subscriptionEvents = async (headers: Record<string, string>) =>
    (await eventsOf(t, headers, '?resourceType=subscription')).data;

  it('records a subscription bought and cancelled by the user, and cancelled at PayPal as the system', async () => {
    const first = buy(paypal, buyer, 'basic');
    const confirmed = await confirm(t, buyer, first.subscriptionId);
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    const sub = confirmed.json() as { id: string };
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/subscriptions/${sub.id}`,
      headers: buyer.headers,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const user = { type: 'user', id: buyer.uid, email: buyer.email };
    expect((await subscriptionEvents(buyer.headers)).map((e) => [e.type, e.actor])).toEqual([
      ['subscription.cancelled', user],
      ['subscription.created', user],
    ]);

    const second = buy(paypal, buyer, 'pro');
    expect((await confirm(t, buyer, second.subscriptionId)).statusCode).toBe(201);
    for (const id of paypal.standin.cancelByBuyer(second.subscriptionId)) {
      const delivery = await paypal.standin.deliver(id);
      expect(delivery.status, delivery.body).toBe(200);
    }
    const [latest] = await subscriptionEvents(buyer.headers);
    expect(latest).toMatchObject({
      type: 'subscription.cancelled',
      actor: { type: 'system', id: 'paypal', email: null },
      data: { changes: { status: ['active', 'cancelled'] } },
    });
  });

  it("cancels a deleted workspace's live subscriptions at PayPal and deletes them here", async () => {
    const { id: workspaceId } = await t.app.workspaces.create({ uid: buyer.uid }, 'Shop');
    const bought = buy(paypal, { ...buyer, workspaceId: workspaceId }, 'basic');
    const confirmed = await confirm(
      t,
      { ...buyer, headers: inWorkspace(buyer, workspaceId) },
      bought.subscriptionId,
    );
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(await t.app.plans.plansOf(workspaceId)).toContain('basic');

    await t.app.workspaces.eraseData(workspaceId);

    expect(paypal.standin.subscriptions.get(bought.subscriptionId)?.status).toBe('CANCELLED');
    expect(await t.app.plans.subscriptionsOf(workspaceId)).toEqual([]);
    expect(await t.app.plans.plansOf(workspaceId)).toEqual(['free']);
  });
});

describe.each(engines)('usage.limit_reached on $name', (engine) => {
  const PHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
  let t: TestApp;
  let user: SignedInUser;

  beforeAll(async () => {
    t = await buildTestApp(engine, {
      env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(), DEFAULT_PLAN: 'free', REDIS_URL: '' },
    });
    user = await signedInUser(t);
  });
  afterAll(() => t.close());

  it('is logged once, by the system, when the workspace first reaches its monthly limit', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/qrcodes',
      headers: user.headers,
      payload: { mode: 'redirect', slug: 'limit-events', target: 'https://example.com/' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const scan = () =>
      t.app.inject({ method: 'GET', url: '/r/limit-events', headers: { 'user-agent': PHONE } });
    for (let n = 0; n < 999; n++) await scan();
    await t.app.usageLimitLog.idle();
    expect((await eventsOf(t, user.headers, '?type=usage.limit_reached')).data).toEqual([]);

    for (let n = 0; n < 5; n++) await scan();
    await vi.waitFor(async () => {
      await t.app.usageLimitLog.idle();
      expect((await eventsOf(t, user.headers, '?type=usage.limit_reached')).data).toHaveLength(1);
    });
    const [event] = (await eventsOf(t, user.headers, '?type=usage.limit_reached')).data;
    expect(event).toMatchObject({
      actor: { type: 'system', id: 'usage-meter', email: null },
      resource: { type: 'workspace', id: user.workspaceId },
      data: { month: new Date().toISOString().slice(0, 7), limit: 1000 },
    });

    // A restart reads the count again (over the limit already): nothing new is logged.
    t.app.usage.forgetLimit(user.workspaceId);
    for (let n = 0; n < 3; n++) await scan();
    await t.app.usageLimitLog.idle();
    expect((await eventsOf(t, user.headers, '?type=usage.limit_reached')).data).toHaveLength(1);
  });
});
