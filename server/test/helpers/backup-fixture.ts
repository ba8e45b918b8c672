import { expect } from 'vitest';
import { codeTotals, stopProcess } from './scan-load.js';
import { PROCESS_SECRET, processApi, startServerProcess } from './server-process.js';

/** Codes a backup test makes on a running server: each slug's id and target. */
export interface MadeCodes {
  ids: Map<string, string>;
  targets: Map<string, string>;
}

/** `count` redirect codes `<prefix>-0`, ... to `https://example.com/<prefix>/<i>`, made by `user`. */
export async function makeCodes(
  base: string,
  prefix: string,
  count: number,
  user: string,
): Promise<MadeCodes> {
  const codes: MadeCodes = { ids: new Map(), targets: new Map() };
  for (let i = 0; i < count; i++) {
    const slug = `${prefix}-${i}`;
    const target = `https://example.com/${prefix}/${i}`;
    const code = (await processApi(base, 'POST', '/qrcodes', { slug, mode: 'redirect', target }, user)) as {
      id: string;
    };
    codes.ids.set(slug, code.id);
    codes.targets.set(slug, target);
  }
  return codes;
}

/** A server on a restored installation: its data folder, and its database (empty: SQLite in it). */
export function startRestoredServer(dataDir: string, databaseUrl = '') {
  return startServerProcess({
    DATA_DIR: dataDir,
    WEB_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    MARKETPLACE_PROXY_SECRET: PROCESS_SECRET,
  });
}

/** What the scan load had answered when the copy began, and in all. */
export interface AnsweredScans {
  before: Map<string, number>;
  totalBefore: number;
  totalAfter: number;
}

/**
 * The restored server counts every scan answered before the copy began and none the load never
 * answered, its analytics agree, and every code still redirects to its target. Stops the server.
 */
export async function expectRestored(
  restored: Awaited<ReturnType<typeof startServerProcess>>,
  codes: MadeCodes,
  answered: AnsweredScans,
  user: string,
): Promise<void> {
  try {
    const totals = await codeTotals(restored.base, codes.ids, user);
    let restoredTotal = 0;
    for (const [slug, before] of answered.before) {
      expect(totals.get(slug), slug).toBeGreaterThanOrEqual(before);
      restoredTotal += totals.get(slug) ?? 0;
    }
    expect(restoredTotal).toBeGreaterThanOrEqual(answered.totalBefore);
    expect(restoredTotal).toBeLessThanOrEqual(answered.totalAfter);
    const summary = (await processApi(
      restored.base,
      'GET',
      '/analytics/summary?from=2020-01-01T00:00:00Z',
      undefined,
      user,
    )) as { total: number };
    expect(summary.total).toBe(restoredTotal);
    for (const [slug, target] of codes.targets) {
      const response = await fetch(`${restored.base}/r/${slug}`, { redirect: 'manual' });
      expect(response.status, slug).toBe(302);
      expect(response.headers.get('location')).toBe(target);
    }
  } finally {
    await stopProcess(restored.child);
  }
}
