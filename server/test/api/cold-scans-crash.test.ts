import path from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/db/create-db.js';
import { engines } from '../helpers/engines.js';
import { storedAndRecountedRollups } from '../helpers/rollup-recount.js';
import { processApi, processStorage, startServerProcess } from '../helpers/server-process.js';

const CODES = 3000;
const IN_FLIGHT = 64;
const USER = 'cold-crash';

/**
 * Issue 34: thousands of cold scans (each a code's first, by a visitor of its own) in flight when
 * the process is SIGKILLed. The raw scans commit before the answer, their rollups are folded
 * later, thousands at a time, behind a cursor (docs/adr/2026-11-26-cold-scans.md): after the
 * restart every answered scan is in the raw table once, and in every rollup once.
 */
describe.each(engines)('cold scans killed mid-burst on $name', (engine) => {
  it('keeps every answered scan, in the raw table and every rollup, exactly once', async () => {
    const storage = await processStorage(engine, 'rq-cold-crash-');
    let server = await startServerProcess(storage.env);
    const handle =
      storage.database?.handle ?? createDatabase({ sqliteFile: path.join(storage.dataDir, 'rq.sqlite') });
    try {
      await processApi(
        server.base,
        'POST',
        '/qrcodes',
        { slug: 'cold-template', mode: 'redirect', target: 'https://example.com/' },
        USER,
      );
      // Copies of the template, straight into the table (the bench's way: the API would take minutes).
      const columns = sql.raw(
        'account_id, host_key, mode, target, data_json, exec_json, style_json, title, tags_json, enabled, created_at, updated_at',
      );
      await sql`insert into qrcodes (id, slug, ${columns})
        select t.id || '_' || g.n, 'cold-' || g.n, ${columns}
        from qrcodes t, (${
          engine.name === 'postgres'
            ? sql`select generate_series(0, ${CODES - 1}) as n`
            : sql`with recursive s(n) as (select 0 union all select n + 1 from s where n < ${CODES - 1}) select n from s`
        }) g where t.slug = 'cold-template'`.execute(handle.db);

      const answered = new Set<number>();
      let next = 0;
      let killed = false;
      const scanner = async () => {
        while (next < CODES && !killed) {
          const n = next++;
          try {
            const response = await fetch(`${server.base}/r/cold-${n}`, {
              redirect: 'manual',
              headers: {
                'user-agent': `Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1 v${n}`,
              },
            });
            if (response.status === 302) answered.add(n);
          } catch {
            // cut off by the kill
          }
          if (answered.size >= CODES / 2 && !killed) {
            killed = true;
            server.child.kill('SIGKILL');
          }
        }
      };
      await Promise.all(Array.from({ length: IN_FLIGHT }, scanner));
      expect(killed).toBe(true);
      const { child } = server;
      if (child.exitCode === null && child.signalCode === null)
        await new Promise((resolve) => child.once('exit', resolve));

      server = await startServerProcess(storage.env);
      // An analytics read folds what the killed process left before it answers.
      const summary = await processApi(
        server.base,
        'GET',
        '/analytics/summary?from=2000-01-01&to=2100-01-01&timeZone=UTC',
        undefined,
        USER,
      );
      const { rows } = await sql<{ slug: string; n: number | string }>`select q.slug, count(*) as n
        from scans s join qrcodes q on q.id = s.qrcode_id group by q.slug`.execute(handle.db);
      const stored = new Map(rows.map((row) => [row.slug, Number(row.n)]));
      for (const n of answered) expect(stored.get(`cold-${n}`), `cold-${n}`).toBe(1);
      expect([...stored.values()].every((count) => count === 1)).toBe(true);
      expect(stored.size).toBeLessThan(CODES);
      expect(summary).toMatchObject({ total: stored.size, unique: stored.size, bots: 0 });
      const rollups = await storedAndRecountedRollups(handle);
      expect(rollups.scans).toBe(stored.size);
      expect(rollups.stored).toEqual(rollups.recounted);
    } finally {
      server.child.kill('SIGKILL');
      if (!storage.database) await handle.destroy();
      await storage.remove();
    }
  }, 180_000);
});
