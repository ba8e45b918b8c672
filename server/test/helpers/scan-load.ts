import type { ChildProcess } from 'node:child_process';
import { processApi } from './server-process.js';
import { waitFor } from './wait-for.js';

const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)';

/** Scanners that keep scanning the codes until stopped, counting each answered scan by slug. */
export function scanLoad(base: string, slugs: string[], workers = 3) {
  const answered = new Map<string, number>();
  const refused: string[] = [];
  let total = 0;
  let stopping = false;
  const running = Array.from({ length: workers }, async (_, worker) => {
    for (let i = worker; !stopping; i += workers) {
      const slug = slugs[i % slugs.length] as string;
      try {
        const response = await fetch(`${base}/r/${slug}`, {
          redirect: 'manual',
          headers: { 'user-agent': UA },
        });
        await response.arrayBuffer();
        if (response.status === 302) {
          answered.set(slug, (answered.get(slug) ?? 0) + 1);
          total += 1;
        } else refused.push(`${slug}: ${response.status}`);
      } catch (error) {
        refused.push(`${slug}: ${(error as Error).message}`);
      }
    }
  });
  return {
    answered,
    refused,
    get total() {
      return total;
    },
    /** Resolves once `count` more scans have been answered (or the scanners fail). */
    async more(count: number) {
      const goal = total + count;
      await waitFor(() => total >= goal || refused.length > 0, `${count} more scans answered`, {
        everyMs: 20,
        timeoutMs: 600_000,
      });
    },
    async stop() {
      stopping = true;
      await Promise.all(running);
    },
  };
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

export async function codeTotals(
  base: string,
  ids: Map<string, string>,
  user: string,
): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  for (const [slug, id] of ids) {
    const code = (await processApi(base, 'GET', `/qrcodes/${id}`, undefined, user)) as {
      scans: { total: number };
    };
    totals.set(slug, code.scans.total);
  }
  return totals;
}
