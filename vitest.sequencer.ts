import fs from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The slowest files first, so the two workers finish together rather than one running a 2-minute
 * file alone at the end. Vitest orders by the last run's durations, which it keeps in
 * node_modules/.vite: a clean clone (CI) has none, and it then runs larger files first, which put
 * the slowest (small files that start real processes) last. Where vitest has no duration of its own
 * for a file, the measured seconds in vitest.durations.json stand in (`node scripts/test-durations.mjs
 * <vitest json report>` refreshes them); files in neither keep vitest's order, after the known ones.
 */
export class SlowestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const ordered = await super.sort(files);
    const root = this.ctx.config.root;
    const measured = measuredSeconds(root);
    const expectedMs = (spec: TestSpecification): number => {
      const file = path.relative(root, spec.moduleId);
      const cached = this.ctx.cache.getFileTestResults(`${spec.project.name}:${file}`);
      // A file that failed last time still goes first, as vitest's own order has it.
      if (cached?.failed) return Number.POSITIVE_INFINITY;
      return cached?.duration ?? (measured[file] ?? 0) * 1000;
    };
    return ordered
      .map((spec, index) => ({ spec, index, ms: expectedMs(spec) }))
      .sort((a, b) => b.ms - a.ms || a.index - b.index)
      .map(({ spec }) => spec);
  }
}

/** The committed durations: repository-relative path -> seconds. */
function measuredSeconds(root: string): Record<string, number> {
  const file = path.join(root, 'vitest.durations.json');
  if (!fs.existsSync(file)) return {};
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { seconds: Record<string, number> }).seconds;
}
