import { defineConfig } from 'vitest/config';

// The CLI's tests run `rq` (its build) as a child process against the real server
// (server/test/helpers) on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'cli',
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    globalSetup: ['../../server/test/helpers/global-setup.ts'],
  },
});
