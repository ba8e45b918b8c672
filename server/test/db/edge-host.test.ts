import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { listeningTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

/** The raw socket path and Fastify's path resolve hosts through one seam: same inputs, same answers. */
describe.each(engines)('both entry points of the edge on $name', (engine) => {
  let t: TestApp & { base: string };
  let user: SignedInUser;
  let base: string;

  beforeAll(async () => {
    t = await listeningTestApp(engine, {
      env: {
        PUBLIC_URL: 'https://rq.example',
        SHORT_URL: 'https://rq.link',
        TRUST_PROXY: 'true',
        FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      },
    });
    base = t.base;
    user = await signedInUser(t);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/qrcodes',
      headers: user.headers,
      payload: { slug: 'seam', mode: 'redirect', target: 'https://example.com/seam' },
    });
    expect(created.statusCode).toBe(201);
  });
  afterAll(() => t.close());

  const inputs: Array<{ path: string; headers: Record<string, string>; status: number; hostname?: string }> =
    [
      { path: '/seam', headers: { host: 'rq.link' }, status: 302, hostname: 'rq.link' },
      { path: '/seam', headers: { host: 'RQ.LINK.:443' }, status: 302, hostname: 'rq.link' },
      {
        path: '/seam',
        headers: { host: 'edge.internal', 'x-forwarded-host': 'rq.link' },
        status: 302,
        hostname: 'rq.link',
      },
      {
        path: '/r/seam',
        headers: { host: 'rq.example', 'x-forwarded-host': 'scan.example' },
        status: 302,
        hostname: 'scan.example',
      },
      { path: '/r/seam', headers: { host: 'rq.example' }, status: 302, hostname: 'rq.example' },
      { path: '/seam', headers: { host: 'rq.example' }, status: 404 },
      { path: '/r/nope', headers: { host: 'rq.link' }, status: 404 },
    ];

  it('answers every input the same way through a real socket and through inject', async () => {
    for (const input of inputs) {
      const headers = { 'user-agent': IPHONE, ...input.headers };
      const viaInject = await t.app.inject({ method: 'GET', url: input.path, headers });
      // fetch cannot set Host; node:http can, so the raw listener sees exactly these headers.
      const viaSocket = await rawGet(base, input.path, headers);
      const label = JSON.stringify(input);
      expect(viaInject.statusCode, label).toBe(input.status);
      expect(viaSocket.status, label).toBe(input.status);
      expect(viaSocket.location, label).toBe(viaInject.headers.location);
      if (input.hostname) {
        await t.app.scans.settled(); // on PostgreSQL a scan is answered from the journal, shipped after
        const rows = await t.database.handle.db
          .selectFrom('scans')
          .select('hostname')
          .orderBy('at', 'desc')
          .limit(2)
          .execute();
        expect(
          rows.map((row) => row.hostname),
          label,
        ).toEqual([input.hostname, input.hostname]);
      }
    }
  });
});

async function rawGet(base: string, path: string, headers: Record<string, string>) {
  const http = await import('node:http');
  return new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
    const request = http.request(`${base}${path}`, { headers, setHost: false }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, location: response.headers.location }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}
