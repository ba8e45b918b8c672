#!/usr/bin/env node
// A print run: POST /api/v1/qrcodes/sheet.pdf for 10,000 codes (A4, 4 x 5 at 40 mm, slug captions,
// CMYK: 500 pages of vector symbols), through the real app listening on a loopback port, the PDF read
// as it streams and counted, not kept. Prints the seconds, the pages, the bytes and the server's
// peak RSS while it streams (sampled every 20 ms; the bench runs the server in its own process, so
// that is this process's RSS, the idle server's subtracted as well). The peer in the same run: the
// `qrcode` npm package drawing the same 10,000 short URLs to SVG strings (qrcode's own vector
// output). SQLite; BENCH_PRINT_CODES sets the count.
// Last line: `sheet.pdf of 10000 codes: X s, peak RSS Y MB; qrcode to SVG Z s; ratio R`.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';

const dist = path.resolve(import.meta.dirname, '../server/dist');
const { createDatabase } = await import(path.join(dist, 'db/create-db.js'));
const { migrateDatabase } = await import(path.join(dist, 'db/migrate.js'));
const { buildApp } = await import(path.join(dist, 'app.js'));
const { loadConfig } = await import(path.join(dist, 'config.js'));
const { newId } = await import(path.join(dist, 'shared/ids.js'));

const COUNT = Number(process.env.BENCH_PRINT_CODES ?? 10_000);
const MB = 1024 * 1024;

/** 10,000 codes straight into the table (creating them is another bench's job), a few styles mixed. */
async function seed(handle, workspaceId) {
  const styles = [
    {},
    { dots: { type: 'rounded', color: '#111827' }, cornerSquares: { type: 'extra-rounded' } },
    { dots: { type: 'dots' }, cornerSquares: { type: 'dot' }, cornerDots: { type: 'dot' } },
    {
      dots: {
        type: 'classy',
        gradient: {
          type: 'linear',
          rotation: 45,
          stops: [
            { offset: 0, color: '#1e3a8a' },
            { offset: 1, color: '#7c3aed' },
          ],
        },
      },
    },
  ];
  const now = Date.now();
  let rows = [];
  for (let i = 0; i < COUNT; i++) {
    rows.push({
      id: newId('qr', now - COUNT + i),
      account_id: workspaceId,
      slug: `print-${String(i).padStart(5, '0')}`,
      host_key: '',
      mode: 'redirect',
      target: `https://example.com/product/${i}`,
      data_json: null,
      exec_json: null,
      style_json: JSON.stringify(styles[i % styles.length]),
      title: `Product ${i}`,
      tags_json: '["print"]',
      enabled: 1,
      created_at: now,
      updated_at: now,
    });
    if (rows.length === 500) {
      await handle.db.insertInto('qrcodes').values(rows).execute();
      rows = [];
    }
  }
  if (rows.length > 0) await handle.db.insertInto('qrcodes').values(rows).execute();
}

/** Samples RSS until stopped: the peak. */
function rssSampler() {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  return () => {
    clearInterval(timer);
    return Math.max(peak, process.memoryUsage().rss);
  };
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-bench-print-'));
  const handle = createDatabase({ sqliteFile: path.join(dir, 'rq.sqlite') });
  let app;
  try {
    await migrateDatabase(handle);
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DATA_DIR: dir,
      REDIS_URL: '',
      API_RATE_LIMIT: '1000000',
      PUBLIC_URL: 'https://rq.codes',
    });
    app = await buildApp(config, { database: handle, migrate: false, serveWeb: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${app.server.address().port}`;
    const owner = await app.accounts.ensureForFirebase({ uid: 'bench-owner', email: 'owner@example.com' });
    const access = {
      workspaceId: owner.id,
      role: 'owner',
      actor: { type: 'user', id: 'bench-owner', email: null },
    };
    const { key } = await app.apiKeys.create(access, { name: 'bench', scopes: ['qrcodes:read'] });
    await seed(handle, owner.id);
    global.gc?.();
    const idle = process.memoryUsage().rss;

    const stop = rssSampler();
    const started = performance.now();
    const response = await fetch(`${base}/api/v1/qrcodes/sheet.pdf`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        filter: { tag: 'print' },
        paper: 'A4',
        columns: 4,
        rows: 5,
        sizeMm: 40,
        caption: 'slug',
        cmyk: true,
      }),
    });
    if (response.status !== 200)
      throw new Error(`sheet.pdf answered ${response.status}: ${await response.text()}`);
    let bytes = 0;
    let tail = '';
    for await (const chunk of response.body) {
      bytes += chunk.length;
      tail = (tail + Buffer.from(chunk).toString('latin1')).slice(-4096);
    }
    const seconds = (performance.now() - started) / 1000;
    const peak = stop();
    const pages = Number(/\/Count (\d+)/.exec(tail)?.[1] ?? Math.ceil(COUNT / 20));
    if (!tail.includes('%%EOF')) throw new Error('the PDF did not end');

    // The peer: qrcode (npm) drawing the same short URLs to SVG strings, one after another.
    const peerStarted = performance.now();
    let peerBytes = 0;
    for (let i = 0; i < COUNT; i++) {
      const svg = await QRCode.toString(`https://rq.codes/r/print-${String(i).padStart(5, '0')}`, {
        type: 'svg',
        margin: 4,
      });
      peerBytes += svg.length;
    }
    const peerSeconds = (performance.now() - peerStarted) / 1000;

    console.log(
      `sheet.pdf: ${COUNT} codes, ${pages} pages, ${(bytes / MB).toFixed(1)} MB in ${seconds.toFixed(1)} s (${Math.round(COUNT / seconds)} codes/s); RSS idle ${(idle / MB).toFixed(0)} MB, peak ${(peak / MB).toFixed(0)} MB (+${((peak - idle) / MB).toFixed(0)} MB)`,
    );
    console.log(
      `peer: qrcode (npm) to SVG strings: ${COUNT} codes, ${(peerBytes / MB).toFixed(1)} MB in ${peerSeconds.toFixed(1)} s (${Math.round(COUNT / peerSeconds)} codes/s)`,
    );
    console.log(
      `sheet.pdf of ${COUNT} codes: ${seconds.toFixed(1)} s, peak RSS ${(peak / MB).toFixed(0)} MB; qrcode to SVG ${peerSeconds.toFixed(1)} s; ratio ${(seconds / peerSeconds).toFixed(2)}`,
    );
  } finally {
    await app?.close();
    await handle.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
