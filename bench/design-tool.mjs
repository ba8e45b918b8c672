// The design tool's speed, measured in Chromium against the built server and site (web/build, or WEB_DIR):
// from an input change to the preview painted, and to the scannability verdict, for a 300 px design with
// a logo; and the JavaScript a docs page and the tool's page load (the tool's must not reach docs pages).
// Printed, not asserted. Needs `node scripts/build.mjs` (server and web) first.
// Last line: `design-tool: paint A ms verdict B ms (goals 50 / 150), docs page C KiB JS`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import { chromium } from 'playwright-core';
import { startServerProcess } from '../scripts/lib/server-process.mjs';
import { median } from './lib/stats.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
const webDir = process.env.WEB_DIR ?? path.join(root, 'web/build');
if (!fs.existsSync(path.join(webDir, 'qr-design-tool.html'))) {
  console.error(`${webDir} has no site build: run \`node scripts/build.mjs web\` first`);
  process.exit(2);
}

async function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-bench-design-tool-'));
  const server = await startServerProcess({
    env: { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', WEB_DIR: webDir, LOG_LEVEL: 'warn' },
    inheritOutput: true,
  });
  const stop = async () => {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return { base: server.base, stop };
}

function percentile(values, share) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))];
}

/** A 256 px PNG logo, as a user would upload one. */
function logoPng() {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 10 10"><rect width="10" height="10" rx="2" fill="#4f46e5"/><circle cx="5" cy="5" r="3" fill="#fff"/><circle cx="5" cy="5" r="1.5" fill="#e11d48"/></svg>';
  return new Resvg(svg).render().asPng();
}

/** JavaScript bytes a page loads (decoded sizes of every script response) once it has settled. */
async function scriptBytes(browser, url, settled) {
  const page = await browser.newPage({ bypassCSP: true });
  const sizes = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    try {
      sizes.set(response.url(), (await response.body()).length);
    } catch {
      // a redirect or an aborted request has no body
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  if (settled) await settled(page);
  await page.waitForLoadState('networkidle');
  await page.close();
  return { bytes: [...sizes.values()].reduce((sum, n) => sum + n, 0), files: sizes.size };
}

const server = await startServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const docs = await scriptBytes(browser, `${server.base}/docs/intro`);
  const landing = await scriptBytes(browser, `${server.base}/`);
  const tool = await scriptBytes(browser, `${server.base}/qr-design-tool`, (page) =>
    page.getByTestId('scan-badge').getByText('Scans').waitFor(),
  );
  const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(
    `JS loaded: /docs/intro ${kib(docs.bytes)} (${docs.files} files), / ${kib(landing.bytes)}, /qr-design-tool ${kib(tool.bytes)} (${tool.files} files)`,
  );

  // The site's CSP does not (yet) allow WebAssembly (see e2e/design-tool-csp.spec.ts); the speed is the tool's.
  const context = await browser.newContext({ bypassCSP: true, viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => window.localStorage.setItem('cookieConsent', 'accepted'));
  const page = await context.newPage();
  await page.goto(`${server.base}/qr-design-tool`);
  await page.getByTestId('scan-badge').getByText('Scans').waitFor();
  await page
    .getByLabel('Upload a logo')
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: logoPng() });
  await page.locator('svg image').first().waitFor();
  await page.getByTestId('scan-badge').getByText('Scans').waitFor();
  const size = await page.getByLabel(/^Size:/).inputValue();
  if (size !== '300') throw new Error(`the design is ${size} px, not 300`);

  const paints = [];
  const verdicts = [];
  for (let round = 0; round < ROUNDS + 5; round++) {
    const colour = round % 2 === 0 ? '#1e293b' : '#111111';
    const timing = await page.evaluate(async (value) => {
      const input = document.querySelector('input[aria-label="Dots colour (hex)"]');
      const preview = document.querySelector('[data-testid="preview"]');
      const verdict = () => document.querySelector('[role="status"][data-sequence]');
      const before = Number(preview.dataset.sequence);
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
      const start = performance.now();
      setValue.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      // Painted: the frame after the DOM changed has been drawn when a task queued in its rAF runs.
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      const painted = performance.now() - start;
      const sequence = Number(preview.dataset.sequence);
      if (sequence === before) throw new Error('the preview did not change');
      await new Promise((resolve) => {
        const check = () => {
          const element = verdict();
          if (Number(element?.dataset.sequence) === sequence && element?.dataset.state !== 'checking')
            resolve();
          else requestAnimationFrame(check);
        };
        check();
      });
      const verdictMs = performance.now() - start;
      const state = verdict()?.dataset.state;
      // Let the print-stress test of this design finish, so it does not run into the next round.
      await new Promise((resolve) => {
        const wait = () =>
          document.querySelector(`[data-score][data-state="done"][data-sequence="${sequence}"]`)
            ? resolve()
            : setTimeout(wait, 20);
        wait();
      });
      return { painted, verdict: verdictMs, state };
    }, colour);
    if (timing.state !== 'scans')
      throw new Error(`round ${round}: the design did not scan (${timing.state})`);
    if (round >= 5) {
      paints.push(timing.painted);
      verdicts.push(timing.verdict);
    }
  }
  await context.close();
  const paint = median(paints);
  const verdict = median(verdicts);
  console.log(
    `input change to preview painted (300 px, PNG logo): median ${paint.toFixed(1)} ms, p90 ${percentile(paints, 0.9).toFixed(1)} ms (goal <= 50 ms, ${paints.length} rounds)`,
  );
  console.log(
    `input change to scannability verdict: median ${verdict.toFixed(1)} ms, p90 ${percentile(verdicts, 0.9).toFixed(1)} ms (goal <= 150 ms)`,
  );
  console.log(
    `design-tool: paint ${paint.toFixed(1)} ms verdict ${verdict.toFixed(1)} ms (goals 50 / 150), docs page ${kib(docs.bytes)} JS`,
  );
} finally {
  await browser.close();
  await server.stop();
}
