import type { ChildProcess } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { engines } from '../helpers/engines.js';
import { processApi, processStorage, startServerProcess } from '../helpers/server-process.js';
import { type VerifyingReceiver, verifyingReceiver } from '../helpers/verifying-receiver.js';
import { waitFor } from '../helpers/wait-for.js';

/** Delivery settings compressed for tests: quick polls and retries, a short lease after a kill. */
const WEBHOOK_ENV = {
  SSRF_ALLOW: '127.0.0.1',
  WEBHOOK_POLL_MS: '100',
  WEBHOOK_TIMEOUT_MS: '1000',
  WEBHOOK_RETRY_SCHEDULE: '300,1000,2000,3000,3000,3000,3000,3000,3000,3000,3000,3000',
};
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** waitFor, where a look may fail (an instance starting or just killed): that look counts as not yet. */
function until<T>(check: () => Promise<T | undefined> | T | undefined, what: string, ms = 60_000) {
  return waitFor(() => Promise.resolve(check()).catch(() => undefined), what, {
    timeoutMs: ms,
    everyMs: 100,
  });
}

function stopped(child: ChildProcess, signal: 'SIGTERM' | 'SIGKILL'): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

async function startInstance(env: Record<string, string>) {
  const server = await startServerProcess({ ...env, ...WEBHOOK_ENV });
  cleanup.push(() => stopped(server.child, 'SIGTERM'));
  return server;
}

async function scan(base: string, slug: string): Promise<number> {
  const response = await fetch(`${base}/r/${slug}`, {
    redirect: 'manual',
    headers: { 'user-agent': IPHONE },
  });
  await response.arrayBuffer();
  return response.status;
}

async function subscribe(base: string, receiver: VerifyingReceiver): Promise<string> {
  const created = await processApi(base, 'POST', '/webhooks', {
    url: receiver.url,
    description: 'process test',
    events: ['qrcode.created', 'scan.created'],
  });
  receiver.secret = created.secret as string;
  return created.id as string;
}

interface Delivery {
  eventId: string;
  eventType: string;
  status: string;
  attempt: number;
}

async function deliveriesOf(base: string, webhook: string): Promise<Delivery[]> {
  const all: Delivery[] = [];
  let cursor: string | null = null;
  do {
    const page = (await processApi(
      base,
      'GET',
      `/webhooks/${webhook}/deliveries?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
    )) as unknown as { data: Delivery[]; nextCursor: string | null };
    all.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}

/**
 * Webhooks from real server processes: what a killed instance left pending is delivered after
 * its restart, and instances sharing a PostgreSQL database deliver each event once. The receiver
 * verifies every call with the `standardwebhooks` library.
 */
describe.each(engines)('webhooks from real processes on $name', (engine) => {
  it('delivers every pending delivery after the instance is killed and restarted', async () => {
    const storage = await processStorage(engine, 'rq-wh-kill-');
    cleanup.push(() => storage.remove());
    const receiver = await verifyingReceiver();
    cleanup.push(() => receiver.close());
    receiver.answer = { status: 503, delayMs: 0 };

    const first = await startInstance(storage.env);
    const webhook = await subscribe(first.base, receiver);
    await processApi(first.base, 'POST', '/qrcodes', {
      slug: 'killed',
      mode: 'redirect',
      target: 'https://example.com/',
    });
    const N = 25;
    const answers = await Promise.all(Array.from({ length: N }, () => scan(first.base, 'killed')));
    expect(answers.every((status) => status === 302)).toBe(true);

    // Every event has its delivery, tried and refused by the receiver, when the instance dies.
    const pending = await until(async () => {
      const deliveries = await deliveriesOf(first.base, webhook);
      return deliveries.length === N + 1 && deliveries.every((d) => d.status === 'pending' && d.attempt >= 1)
        ? deliveries
        : undefined;
    }, 'a refused attempt of every delivery');
    expect(pending.filter((d) => d.eventType === 'scan.created')).toHaveLength(N);
    await stopped(first.child, 'SIGKILL');

    receiver.answer = { status: 204, delayMs: 0 };
    const second = await startInstance(storage.env);
    await until(
      () => (receiver.deliveredCounts().size === N + 1 ? true : undefined),
      'every delivery after the restart',
    );
    const counts = receiver.deliveredCounts();
    expect([...counts.keys()].sort()).toEqual(pending.map((d) => d.eventId).sort());
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(receiver.calls.every((call) => call.verified)).toBe(true);
    // The receiver counts a call as it answers; the instance writes the attempt just after.
    await until(async () => {
      const after = await deliveriesOf(second.base, webhook);
      return after.every((d) => d.status === 'delivered') ? true : undefined;
    }, 'every delivery marked delivered');
    // Two starts, a 7 s lease left by the kill to run out, and each wait allowed its 60 s.
  }, 150_000);
});

describe.each(engines.filter((engine) => engine.name === 'postgres'))('two instances on $name', (engine) => {
  it('deliver each event exactly once when the receiver always answers 2xx', async () => {
    const storage = await processStorage(engine, 'rq-wh-pair-a-');
    cleanup.push(() => storage.remove());
    const other = await processStorage({ name: 'sqlite' }, 'rq-wh-pair-b-');
    cleanup.push(() => other.remove());
    const receiver = await verifyingReceiver();
    cleanup.push(() => receiver.close());

    const a = await startInstance(storage.env);
    // The same database, a data folder (journal) of its own.
    const b = await startInstance({ ...storage.env, DATA_DIR: other.dataDir, WEB_DIR: other.dataDir });
    const webhook = await subscribe(a.base, receiver);
    const codes = 6;
    for (let i = 0; i < codes; i++)
      await processApi(i % 2 ? b.base : a.base, 'POST', '/qrcodes', {
        slug: `pair-${i}`,
        mode: 'redirect',
        target: 'https://example.com/',
      });
    const N = 120;
    const answers = await Promise.all(
      Array.from({ length: N }, (_, i) => scan(i % 2 ? b.base : a.base, `pair-${i % codes}`)),
    );
    expect(answers.every((status) => status === 302)).toBe(true);

    await until(
      () => (receiver.deliveredCounts().size === N + codes ? true : undefined),
      'every event delivered',
    );
    // Once every delivery is marked delivered, neither instance has anything left to send: what
    // the receiver has then is all it will ever get.
    await until(async () => {
      const deliveries = await deliveriesOf(a.base, webhook);
      return deliveries.length === N + codes && deliveries.every((d) => d.status === 'delivered')
        ? true
        : undefined;
    }, 'every delivery marked delivered');
    const counts = receiver.deliveredCounts();
    expect(counts.size).toBe(N + codes);
    expect([...counts.values()].filter((n) => n !== 1)).toEqual([]);
    expect(receiver.calls).toHaveLength(N + codes);
    expect(receiver.calls.every((call) => call.verified)).toBe(true);
    expect(receiver.calls.filter((call) => call.type === 'scan.created')).toHaveLength(N);
    // Two processes, each starting its job threads and background thread (which delivers).
  }, 90_000);
});
