import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { compressDigitalLink } from '../../src/modules/gs1/gs1.compression.js';
import { signedInUser } from '../helpers/accounts.js';
import type { TestApp } from '../helpers/app.js';
import { engines, openTestDatabase } from '../helpers/engines.js';
import { emulatorHost } from '../helpers/firebase.js';
import { storeReferenceItems } from '../helpers/gs1-api.js';

/** The primary host with the site: its pages win over compressed GS1 Digital Links of the same path. */

const PIL = 'https://dalgiardino.com/medicinal-compound/pil.html';
/** Compressed /01/09506000134376/10/LOT01, also the name of a page of this site. */
const TAKEN_BY_A_PAGE = 'ARFKk4XB0CDKWcnpq';

function fakeBuild(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-web-gs1-'));
  const files: Record<string, string> = {
    'index.html': '<h1>home</h1>',
    '404.html': '<h1>Page Not Found</h1>',
    'login.html': '<h1>login</h1>',
    [`${TAKEN_BY_A_PAGE}.html`]: '<h1>a page of the site</h1>',
  };
  for (const [file, body] of Object.entries(files)) fs.writeFileSync(path.join(dir, file), body);
  return dir;
}

describe.each(engines)('compressed GS1 Digital Links beside the site on $name', (engine) => {
  let t: TestApp;
  let webDir: string;

  beforeAll(async () => {
    webDir = fakeBuild();
    const database = await openTestDatabase(engine);
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      JOB_THREADS: '0',
      WEB_DIR: webDir,
      PUBLIC_URL: 'http://rq.test',
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
    });
    const app = await buildApp(config, { database: database.handle, migrate: false });
    await app.ready();
    t = {
      app,
      database,
      config,
      async close() {
        await app.close();
        await database.close();
      },
    };
    const owner = await signedInUser(t);
    await storeReferenceItems(t, owner.headers);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: 'rq.test' } });

  it("answers the site's page where there is one, and the compressed link elsewhere", async () => {
    const page = await get(`/${TAKEN_BY_A_PAGE}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('a page of the site');
    const segment = compressDigitalLink(
      { primaryKey: { ai: '01', value: '09506000134376' }, qualifiers: [], attributes: [], stem: '' },
      '',
    );
    const link = await get(segment);
    expect(link.statusCode, segment).toBe(307);
    expect(link.headers.location).toBe(PIL);
    expect((await get('/login')).body).toContain('login');
    const missing = await get('/no-such-page');
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('Page Not Found');
    // Uncompressed links need no page check: no page of the site looks like one.
    expect((await get('/01/09506000134376/10/LOT01')).headers.location).toBe(`${PIL}?lot=LOT01`);
  });
});
