import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import type { NewScanRow } from '../../src/modules/scans/scans.table.js';
import type { ScanWatchers } from '../../src/modules/scans/scans.watchers.js';
import { createApiKey, signedInUser } from '../helpers/accounts.js';
import { listeningTestApp, type TestApp } from '../helpers/app.js';
import { engines, openTestDatabase } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';

interface StreamEvent {
  event: string;
  data: Record<string, unknown>;
}

/** Whether an instance has heard that someone watches the account's scans (it then announces them). */
function heardWatched(app: FastifyInstance, workspaceId: string): boolean {
  const { watchers } = app.scans as unknown as { watchers: ScanWatchers };
  return watchers.watched([{ account_id: workspaceId } as NewScanRow]).length === 1;
}

/** A text/event-stream read as a client does, event by event. */
async function openStream(url: string, headers: Record<string, string>) {
  const abort = new AbortController();
  const response = await fetch(url, { headers, signal: abort.signal });
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/event-stream');
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  const pending: StreamEvent[] = [];
  return {
    /** The next event of the type (others are skipped); fails after `ms` without one. */
    async next(type: string, ms = 10_000): Promise<StreamEvent> {
      const deadline = setTimeout(() => abort.abort(), ms);
      try {
        for (;;) {
          const index = pending.findIndex((e) => e.event === type);
          if (index >= 0) return pending.splice(0, index + 1).at(-1) as StreamEvent;
          pending.length = 0;
          const { value, done } = await reader.read();
          if (done) throw new Error(`the stream ended before a ${type} event`);
          buffer += decoder.decode(value, { stream: true });
          let end = buffer.indexOf('\n\n');
          while (end >= 0) {
            const frame = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(frame)?.[1];
            const data = /^data: (.*)$/m.exec(frame)?.[1];
            if (event && data) pending.push({ event, data: JSON.parse(data) });
            end = buffer.indexOf('\n\n');
          }
        }
      } finally {
        clearTimeout(deadline);
      }
    },
    close: () => abort.abort(),
  };
}

/**
 * Two instances on one database and one Redis (under a prefix of the test's): `listening` serves
 * HTTP (the stream), `scanned` is driven by inject.
 */
async function twoInstances(engine: (typeof engines)[number], prefix: string) {
  const database = await openTestDatabase(engine);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
    REDIS_URL: process.env.TEST_REDIS_URL as string,
    REDIS_KEY_PREFIX: prefix,
  });
  const listening = await buildApp(config, { database: database.handle, migrate: false, serveWeb: false });
  const scanned = await buildApp(config, { database: database.handle, migrate: false, serveWeb: false });
  await listening.listen({ port: 0, host: '127.0.0.1' });
  await scanned.ready();
  const t = { app: listening, database, config, close: async () => {} } satisfies TestApp;
  return {
    listening,
    scanned,
    t,
    async close() {
      await listening.close();
      await scanned.close();
      await database.close();
    },
  };
}

describe.each(engines)('the live stream on $name', (engine) => {
  it('pushes each scan of the account as it is stored, with heartbeats, and nothing of others', async () => {
    const t = await listeningTestApp(engine, { env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() } });
    try {
      const user = await signedInUser(t);
      const other = await signedInUser(t);
      const key = await createApiKey(t, user, ['analytics:read']);
      const create = async (who: { headers: Record<string, string> }, slug: string) =>
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/v1/qrcodes',
            headers: who.headers,
            payload: { slug, mode: 'redirect', target: 'https://example.com/' },
          })
        ).json() as { id: string };
      const mine = await create(user, 'live-mine');
      await create(other, 'live-theirs');

      const stream = await openStream(`${t.base}/api/v1/analytics/stream?heartbeat=1`, key.headers);
      try {
        expect((await stream.next('heartbeat')).data.at).toEqual(expect.any(String));
        const scan = (slug: string) =>
          fetch(`${t.base}/r/${slug}`, {
            redirect: 'manual',
            headers: { 'user-agent': IPHONE, referer: 'https://news.example/a' },
          });
        expect((await scan('live-theirs')).status).toBe(302);
        expect((await scan('live-mine')).status).toBe(302);
        const event = await stream.next('scan');
        expect(event.data).toMatchObject({
          qrcode: mine.id,
          device: 'mobile',
          os: 'ios',
          referrer: 'news.example',
          bot: false,
        });
        // What was scanned, never who: no visitor hash, no address.
        expect(Object.keys(event.data).sort()).toEqual(
          [
            'at',
            'bot',
            'browser',
            'country',
            'device',
            'hostname',
            'language',
            'os',
            'qrcode',
            'referrer',
            'region',
            'rule',
            'target',
          ].sort(),
        );
      } finally {
        stream.close();
      }

      const foreign = await t.app.inject({
        method: 'GET',
        url: `/api/v1/analytics/stream?qrcode=${(await create(other, 'live-other-2')).id}`,
        headers: key.headers,
      });
      expect(foreign.statusCode).toBe(404);
      const noScope = await createApiKey(t, user, ['qrcodes:read']);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/v1/analytics/stream', headers: noScope.headers }))
          .statusCode,
      ).toBe(403);
    } finally {
      await t.close();
    }
  }, 60_000);

  it.runIf(process.env.TEST_REDIS_URL)(
    'reaches a client of another instance through Redis',
    async () => {
      const { listening, scanned, t, close } = await twoInstances(
        engine,
        `rq-test-${randomBytes(4).toString('hex')}:`,
      );
      try {
        const user = await signedInUser(t);
        const key = await createApiKey(t, user, ['analytics:read']);
        const code = (
          await scanned.inject({
            method: 'POST',
            url: '/api/v1/qrcodes',
            headers: user.headers,
            payload: { slug: 'across', mode: 'redirect', target: 'https://example.com/' },
          })
        ).json() as { id: string };
        const { port } = listening.server.address() as AddressInfo;
        const stream = await openStream(`http://127.0.0.1:${port}/api/v1/analytics/stream`, key.headers);
        try {
          // The other instance hears the "watched" news once its Redis subscription is up: a news
          // sent while it was still subscribing is lost, and repeated every 10 s. Wait until it has.
          const me = await scanned.inject({ method: 'GET', url: '/api/v1/me', headers: user.headers });
          const workspaceId = (me.json() as { id: string }).id;
          await expect.poll(() => heardWatched(scanned, workspaceId), { timeout: 15_000 }).toBe(true);
          // The scan is answered and stored by the other instance.
          const answer = await scanned.inject({
            method: 'GET',
            url: '/r/across',
            headers: { 'user-agent': IPHONE },
          });
          expect(answer.statusCode).toBe(302);
          expect((await stream.next('scan')).data).toMatchObject({ qrcode: code.id });
        } finally {
          stream.close();
        }
      } finally {
        await close();
      }
    },
    60_000,
  );

  it.runIf(process.env.TEST_REDIS_URL)(
    'sends stored scans through Redis only while someone watches their account',
    async () => {
      const prefix = `rq-test-${randomBytes(4).toString('hex')}:`;
      // What crosses Redis between the instances, as a third party on the change bus's channel.
      const topics: { topic: string; accounts: string[] }[] = [];
      const spy = new Redis(process.env.TEST_REDIS_URL as string);
      spy.on('message', (_channel, text) => {
        const { topic, event } = JSON.parse(text) as {
          topic: string;
          // The wire's names (accountId): older instances read them during a roll.
          event: { scans?: { accountId: string }[]; accountId?: string };
        };
        topics.push({
          topic,
          accounts: event.scans?.map((scan) => scan.accountId) ?? [event.accountId ?? ''],
        });
      });
      await spy.subscribe(`${prefix}changes`);
      const { listening, scanned, t, close } = await twoInstances(engine, prefix);
      try {
        const watcher = await signedInUser(t);
        const other = await signedInUser(t);
        const key = await createApiKey(t, watcher, ['analytics:read']);
        for (const [user, slug] of [
          [watcher, 'watched'],
          [other, 'unwatched'],
        ] as const) {
          const created = await scanned.inject({
            method: 'POST',
            url: '/api/v1/qrcodes',
            headers: user.headers,
            payload: { slug, mode: 'redirect', target: 'https://example.com/' },
          });
          expect(created.statusCode).toBe(201);
        }
        const scan = async (slug: string) => {
          const answer = await scanned.inject({
            method: 'GET',
            url: `/r/${slug}`,
            headers: { 'user-agent': IPHONE },
          });
          expect(answer.statusCode).toBe(302);
          await scanned.scans.settled();
        };
        /** The accounts of the stored scans announced so far, up to a marker sent after them. */
        const storedAnnounced = async () => {
          // Sent on the connection the scans were announced on, so the spy receives it after them.
          const marker = `marker-${randomBytes(4).toString('hex')}`;
          const seen = new Promise<void>((resolve) =>
            spy.on('message', (_channel, text: string) => {
              if (text.includes(marker)) resolve();
            }),
          );
          await scanned.redis?.publish(`${prefix}changes`, JSON.stringify({ topic: marker, event: {} }));
          await seen;
          return topics
            .filter((message) => message.topic === 'scans.stored')
            .flatMap((message) => message.accounts);
        };

        // Nobody watches: the scans are stored, and nothing about them crosses Redis.
        await scan('watched');
        await scan('unwatched');
        expect(await storedAnnounced()).toEqual([]);

        const { port } = listening.server.address() as AddressInfo;
        const stream = await openStream(`http://127.0.0.1:${port}/api/v1/analytics/stream`, key.headers);
        try {
          // The watch reaches the scanning instance through Redis; a scan before that is stored
          // (and counted) but not streamed.
          await expect.poll(() => heardWatched(scanned, watcher.workspaceId), { timeout: 15_000 }).toBe(true);
          await scan('unwatched');
          await scan('watched');
          expect((await stream.next('scan')).data).toMatchObject({ target: 'https://example.com/' });
          // Only the watched account's scan went through Redis, after the watch was announced.
          expect(await storedAnnounced()).toEqual([watcher.workspaceId]);
          expect(topics.map((message) => message.topic)).toContain('scans.watched');
        } finally {
          stream.close();
        }
      } finally {
        await close();
        spy.disconnect();
      }
    },
    60_000,
  );
});
