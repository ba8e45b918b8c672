import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyExecSignature } from '../../src/modules/redirect/exec.js';
import { HOUR_MS } from '../../src/shared/clock.js';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { listeningTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';

interface ExecRequest {
  timestamp: string;
  signature: string;
  body: string;
}

/** An exec endpoint on the loopback interface that keeps every signed request and sends scanners on. */
async function execReceiver(): Promise<{ url: string; requests: ExecRequest[]; close(): Promise<void> }> {
  const requests: ExecRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({
        timestamp: String(req.headers['rq-timestamp']),
        signature: String(req.headers['rq-signature']),
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ url: 'https://example.com/from-exec' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/exec`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A rotated signing secret keeps signing exec calls beside the new one for a day, so a receiver
 * can switch secrets without refusing a single scan; after the day only the new one signs.
 */
describe.each(engines)('rotating the signing secret on $name', (engine) => {
  let t: TestApp & { base: string };
  let user: SignedInUser;
  let receiver: Awaited<ReturnType<typeof execReceiver>>;
  let now = Date.now();

  beforeAll(async () => {
    receiver = await execReceiver();
    t = await listeningTestApp(engine, {
      env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(), SSRF_ALLOW: '127.0.0.1' },
      clock: { now: () => now },
    });
    user = await signedInUser(t);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  /** Scans the exec code and gives what its exec endpoint received. */
  async function scanOnce(slug: string): Promise<ExecRequest> {
    const before = receiver.requests.length;
    const scan = await fetch(`${t.base}/r/${slug}`, { redirect: 'manual' });
    expect(scan.headers.get('location')).toBe('https://example.com/from-exec');
    expect(receiver.requests).toHaveLength(before + 1);
    return receiver.requests[before] as ExecRequest;
  }

  const verifies = (secret: string, request: ExecRequest) =>
    verifyExecSignature(secret, request.timestamp, request.body, request.signature);

  it('signs with both secrets for 24 hours, then only with the new one', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/qrcodes',
      headers: user.headers,
      payload: {
        slug: 'rotating',
        mode: 'exec',
        exec: { url: receiver.url, fallback: 'https://example.com/' },
      },
    });
    expect(created.statusCode).toBe(201);
    const old = await t.app.accounts.getSigningSecret(user.workspaceId);
    const before = await scanOnce('rotating');
    expect(before.signature).toMatch(/^v1=[0-9a-f]{64}$/);
    expect(verifies(old, before)).toBe(true);

    const rotated = await t.app.inject({
      method: 'POST',
      url: '/api/v1/me/signing-secret/rotate',
      headers: user.headers,
    });
    expect(rotated.statusCode).toBe(200);
    const fresh = (rotated.json() as { secret: string }).secret;

    const during = await scanOnce('rotating');
    expect(during.signature).toMatch(/^v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(verifies(fresh, during)).toBe(true);
    expect(verifies(old, during)).toBe(true);

    now += 24 * HOUR_MS - 60_000;
    expect(verifies(old, await scanOnce('rotating'))).toBe(true);

    now += 2 * 60_000;
    const after = await scanOnce('rotating');
    expect(after.signature).toMatch(/^v1=[0-9a-f]{64}$/);
    expect(verifies(fresh, after)).toBe(true);
    expect(verifies(old, after)).toBe(false);
  });

  it('keeps only the last replaced secret when it is rotated twice within the day', async () => {
    const other = await signedInUser(t);
    const rotate = async () =>
      (
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/v1/me/signing-secret/rotate',
            headers: other.headers,
          })
        ).json() as { secret: string }
      ).secret;
    const first = await t.app.accounts.getSigningSecret(other.workspaceId);
    const second = await rotate();
    const third = await rotate();
    expect(await t.app.accounts.getSigningSecrets(other.workspaceId)).toEqual([third, second]);
    expect(await t.app.accounts.getSigningSecrets(other.workspaceId)).not.toContain(first);
  });
});
