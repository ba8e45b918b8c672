import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../scripts/lib/ports.mjs';
import { SCOPES } from '../../src/plugins/auth.js';
import { createApiKey, signedInUser } from '../helpers/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { emulatorHost } from '../helpers/firebase.js';
import { pageProblems, runPage } from './docs-runner.js';

/**
 * The examples of the QR code, rules, hostnames, analytics and link controls docs and of the tutorials, run against the real server
 * over HTTP: every ```bash block of a page, in order, in one bash session (conventions in
 * docs-runner.ts). Each page gets a new user and an API key with every scope, so pages neither
 * share slugs nor one account's rate limit.
 */

const webDir = path.resolve(import.meta.dirname, '../../../web');
const inDir = (dir: string) =>
  fs
    .readdirSync(path.join(webDir, dir))
    .filter((name) => name.endsWith('.md') || name.endsWith('.mdx'))
    .sort()
    .map((name) => `${dir}/${name}`);
const pages = [
  ...inDir('docs/rq-codes'),
  ...inDir('docs/rules'),
  ...inDir('docs/hostnames'),
  ...inDir('docs/analytics'),
  'docs/audit-log.md',
  'docs/bulk.md',
  'docs/link-controls.md',
  'docs/print.md',
  'docs/webhooks.md',
  'docs/gs1-digital-link.md',
  // The client's pages run against its built package (npm test builds it first).
  'docs/sdk.md',
  '../packages/client/README.md',
  'tutorials/first-QR-code.md',
  'tutorials/using-exec-url.md',
  'tutorials/receiving-webhooks.md',
  'tutorials/gs1-digital-link-packaging.md',
  'tutorials/reporting-sales.md',
];

/** What a page must show beyond its own samples. */
const extraChecks: Record<string, (outputs: string[]) => void> = {
  // The simulated Android scan went to the app, tagged as the patched UTM says; the password opened the code.
  'docs/link-controls.md': (outputs) => {
    const all = outputs.join('\n');
    expect(all).toMatch(/"decidedBy":\s*"apps"/);
    expect(all).toMatch(/android\/launch\?utm_source=qr&utm_campaign=launch&utm_content=poster-a"/);
    expect(all).toMatch(/^303 https:\/\/example\.com\/vip$/m);
  },
  // The receiver verified the signed call and chose the prize page; stopped, the fallback took over.
  'tutorials/using-exec-url.md': (outputs) => {
    const all = outputs.join('\n');
    expect(all).toMatch(/^302 https:\/\/example\.com\/prize\?/m);
    expect(all).toMatch(/^302 https:\/\/example\.com\/poster$/m);
  },
  // The company-prefix item filled {1} with the rest of the asset's key.
  'docs/gs1-digital-link.md': (outputs) => {
    expect(outputs.join('\n')).toMatch(/^307 https:\/\/example\.com\/assets\/ABC123$/m);
  },
  // The printed image decodes to the URI written, which an English and a German phone follow.
  'tutorials/gs1-digital-link-packaging.md': (outputs) => {
    expect(outputs.join('\n')).toMatch(/^decodes to the Digital Link$/m);
  },
  // The landing page got the scan id, and the shop's sale was credited to the poster's code.
  'tutorials/reporting-sales.md': (outputs) => {
    const all = outputs.join('\n');
    expect(all).toMatch(/\/spring\?rq_id=[\w-]+$/m);
    expect(all).toMatch(/^sale order-1 credited to qr_/m);
    expect(all).not.toMatch(/^not credited: /m);
  },
  // The receiver verified and logged the test event, the code's creation and its scan.
  'tutorials/receiving-webhooks.md': (outputs) => {
    const all = outputs.join('\n');
    expect(all).toMatch(/^webhook\.test/m);
    expect(all).toMatch(/^qrcode\.created: qr_/m);
    expect(all).toMatch(/^scan\.created: qr_\S+ from \S+ on mobile$/m);
    expect(all).not.toMatch(/^refused: /m);
  },
};

describe('docs examples run against the real server', () => {
  let t: TestApp;
  let origin: string;

  beforeAll(async () => {
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    t = await buildTestApp(
      { name: 'sqlite' },
      {
        env: {
          FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
          PUBLIC_URL: origin,
          // The exec and webhooks tutorials' receivers listen on loopback.
          SSRF_ALLOW: '127.0.0.1',
          WEBHOOK_POLL_MS: '200',
        },
      },
    );
    await t.app.listen({ port, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await t?.close();
  });

  it.each(pages)('%s', async (page) => {
    const markdown = fs.readFileSync(path.join(webDir, page), 'utf8');
    const user = await signedInUser(t);
    const key = await createApiKey(t, user, [...SCOPES], { name: `docs ${page}` });
    const run = await runPage(markdown, {
      RQ: `${origin}/api/v1`,
      RQ_BASE: origin,
      RQ_API_KEY: key.key,
      RQ_ID_TOKEN: user.idToken,
      PORT: String(await freePort()),
    });
    try {
      const problems = pageProblems(markdown, run);
      expect(problems, `${page}:\n\n${problems.join('\n\n')}`).toEqual([]);
      extraChecks[page]?.(run.blocks.map((block) => block.output));
    } finally {
      run.stop();
    }
  });
});
