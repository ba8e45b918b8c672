import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { verifyPng } from '@rq/qr/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { engines } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import { discPng } from '../helpers/png.js';

/** What zbar (a second decoder, stricter than the zxing the server verifies with) reads in a PNG. */
function zbarRead(png: Buffer, dir: string): string | null {
  const file = path.join(dir, 'code.png');
  writeFileSync(file, png);
  try {
    return execFileSync('zbarimg', ['-q', '--raw', '-Sbinary', file], { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString('utf8')
      .replace(/\n$/, '');
  } catch {
    return null;
  }
}

const LOGO = { src: `data:image/png;base64,${discPng(64).toString('base64')}`, size: 0.2 };

/** Issue 26, section 3: every image the API answers 200 with scans, at the size it is served. */
describe.each(engines)('every image served scans at its size on $name', (engine) => {
  let t: TestApp;
  let user: SignedInUser;
  let dir: string;

  beforeAll(async () => {
    t = await buildTestApp(engine, { env: { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost() } });
    user = await signedInUser(t);
    dir = mkdtempSync(path.join(tmpdir(), 'rq-legibility-'));
  });
  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  it('refuses a framed code at 64 px with 422 unscannable_design naming the size it needs', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/qrcodes',
      headers: user.headers,
      payload: {
        slug: 'spring-menu',
        mode: 'redirect',
        target: 'https://example.com/menu',
        style: { frame: { text: 'SCAN ME' } },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const small = await t.app.inject({
      method: 'GET',
      url: `/api/v1/qrcodes/${id}/image.png?size=64`,
      headers: user.headers,
    });
    expect(small.statusCode, small.body).toBe(422);
    expect(small.json()).toMatchObject({ code: 'unscannable_design', reason: 'size_too_small' });
    expect(small.json().errors[0].path).toBe('/query/size');
    expect(small.json().errors[0].message).toMatch(/at least \d+ px/);
    const needed = Number(/at least (\d+) px/.exec(small.json().errors[0].message)?.[1]);
    const enough = await t.app.inject({
      method: 'GET',
      url: `/api/v1/qrcodes/${id}/image.png?size=${needed}`,
      headers: user.headers,
    });
    expect(enough.statusCode, enough.body).toBe(200);
    const encoded = created.json().shortUrl as string;
    expect(zbarRead(enough.rawPayload, dir)).toBe(encoded);
  });

  it('POST /render answers 200 only with images zbar reads, from 64 px up', async () => {
    const data = 'https://rq.example/r/spring-menu';
    const styles = { frame: { frame: { text: 'SCAN ME' } }, logo: { logo: LOGO }, plain: {} };
    for (const [name, style] of Object.entries(styles)) {
      const refused: number[] = [];
      // The renderer's per-address budget is 30 a minute: a few sizes around the minimum.
      for (const size of [64, 72, 88, 104, 120]) {
        const answer = await t.app.inject({
          method: 'POST',
          url: '/api/v1/render',
          payload: { data, format: 'png', style: { ...style, size } },
        });
        if (answer.statusCode === 200) {
          expect(zbarRead(answer.rawPayload, dir), `${name} at ${size} px`).toBe(data);
        } else {
          expect(answer.statusCode, `${name} at ${size} px: ${answer.body}`).toBe(422);
          expect(answer.json()).toMatchObject({ code: 'unscannable_design', reason: 'size_too_small' });
          expect(answer.json().errors[0].path).toBe('/body/style/size');
          refused.push(size);
        }
      }
      if (name !== 'plain') expect(refused, `${name} at 64 px`).toContain(64);
    }
  });

  it('encodes text beyond ASCII as UTF-8 with an ECI header: zbar and zxing read it exactly', async () => {
    const text = 'Zoë Łukasz café — 東京';
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/qrcodes',
      headers: user.headers,
      payload: { mode: 'static', data: { kind: 'text', text } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const png = await t.app.inject({
      method: 'GET',
      url: `/api/v1/qrcodes/${created.json().id}/image.png?size=400`,
      headers: user.headers,
    });
    expect(png.statusCode, png.body).toBe(200);
    expect(zbarRead(png.rawPayload, dir)).toBe(text);
    expect(await verifyPng(png.rawPayload, text)).toEqual({ ok: true, text });
    const rendered = await t.app.inject({
      method: 'POST',
      url: '/api/v1/render',
      payload: { data: 'Grüße aus Köln', format: 'png', style: { size: 300 } },
    });
    expect(zbarRead(rendered.rawPayload, dir)).toBe('Grüße aus Köln');
  });
});
