import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/create-db.js';
import { engines } from '../helpers/engines.js';
import { storedAndRecountedRollups } from '../helpers/rollup-recount.js';
import { processApi, processStorage, startServerProcess } from '../helpers/server-process.js';

const AGENTS = [
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
];

describe.each(engines)('analytics after a crash on $name', (engine) => {
  it('keeps rollups equal to a recount of the raw scans when the process is killed mid-burst', async () => {
    const storage = await processStorage(engine, 'rq-rollup-crash-');
    let server = await startServerProcess(storage.env);
    try {
      for (const slug of ['one', 'two']) {
        await processApi(server.base, 'POST', '/qrcodes', {
          slug,
          mode: 'redirect',
          target: 'https://example.com/',
        });
      }
      // A few scans in flight at a time, so the kill lands mid-burst however slow the machine: a
      // burst sent on a timer could be wholly answered before the kill, on a slow one.
      const SCANS = 600;
      const IN_FLIGHT = 6;
      let answered = 0;
      let killed = false;
      let next = 0;
      const scanner = async () => {
        for (let i = next++; i < SCANS; i = next++) {
          try {
            const response = await fetch(`${server.base}/r/${i % 3 ? 'one' : 'two'}`, {
              redirect: 'manual',
              headers: {
                'user-agent': `${AGENTS[i % AGENTS.length]} v${i % 17}`,
                'accept-language': i % 2 ? 'de-DE' : 'en-US',
                referer: `https://ref-${i % 5}.example/`,
              },
            });
            if (response.status === 302) answered += 1;
            if (answered >= 150 && !killed) {
              killed = true;
              server.child.kill('SIGKILL');
            }
          } catch {
            // cut off by the kill
          }
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, scanner));
      expect(killed).toBe(true);
      const { child } = server;
      if (child.exitCode === null && child.signalCode === null)
        await new Promise((resolve) => child.once('exit', resolve));

      server = await startServerProcess(storage.env);
      // The rollups are folded behind the raw scans (a thread of their own on both engines): an
      // analytics read folds what the killed process left before it answers.
      await processApi(server.base, 'GET', '/analytics/summary?from=2000-01-01&to=2100-01-01&timeZone=UTC');
      const handle =
        storage.database?.handle ?? createDatabase({ sqliteFile: path.join(storage.dataDir, 'rq.sqlite') });
      try {
        const { stored, recounted, scans } = await storedAndRecountedRollups(handle);
        expect(scans).toBeGreaterThanOrEqual(answered);
        expect(scans).toBeLessThan(SCANS);
        expect(stored).toEqual(recounted);
        // Humans and bots are both there, and told apart.
        const accountTotal = stored.totals
          .filter((line) => /^acct_[^|]+\|\|/.test(line))
          .map((line) => (line.split(' => ')[1] as string).split(',').map(Number))
          .reduce((sum, [human = 0, bot = 0]) => [(sum[0] ?? 0) + human, (sum[1] ?? 0) + bot], [0, 0]);
        expect(accountTotal[0]).toBeGreaterThan(0);
        expect(accountTotal[1]).toBeGreaterThan(0);
        expect((accountTotal[0] ?? 0) + (accountTotal[1] ?? 0)).toBe(scans);
      } finally {
        if (!storage.database) await handle.destroy();
      }
    } finally {
      server.child.kill('SIGKILL');
      await storage.remove();
    }
  }, 180_000);
});
