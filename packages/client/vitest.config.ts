import { defineConfig } from 'vitest/config';

// The client's tests start the real server (server/test/helpers) on SQLite, and on PostgreSQL when
// TEST_DATABASE_URL is set, with the Firebase emulator the server project's setup starts.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'client',
    include: ['test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    globalSetup: ['../../server/test/helpers/global-setup.ts', '../../server/test/helpers/firebase-setup.ts'],
  },
});
