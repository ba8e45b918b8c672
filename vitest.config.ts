import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { SlowestFirstSequencer } from './vitest.sequencer.js';

/** `npm test` runs every workspace's unit and integration tests as projects of one run. */
export default defineConfig({
  test: {
    projects: ['packages/qr', 'packages/client', 'packages/cli', 'server', 'web'],
    // Vitest's default (one worker fewer than cores) is a single worker on a 2-core machine, and
    // most suites here wait on processes, sockets and databases rather than the CPU: two files at a
    // time took CI's run from about 10 to under 5 minutes. Each file has its own database schema,
    // data folder, ports and Redis key prefix, so files never share state.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The slowest files first (vitest.durations.json on a clone without vitest's cache), so the
    // workers end together instead of one running a 2-minute cluster test alone at the end.
    sequence: { sequencer: SlowestFirstSequencer },
  },
});
