import { defineConfig } from 'vitest/config';

/**
 * The vitest project of a workspace whose tests start the real server (server/test/helpers) on
 * SQLite, and on PostgreSQL when TEST_DATABASE_URL is set: its sources are read through the
 * `source` condition, its tests are `test/**\/*.test.ts`, and `firebase` adds the Firebase Auth
 * emulator the server project's setup starts.
 */
export function serverTestProject(
  name: string,
  options: { testTimeout: number; hookTimeout: number; firebase?: boolean },
) {
  return defineConfig({
    resolve: { conditions: ['source'] },
    ssr: { resolve: { conditions: ['source'] } },
    test: {
      name,
      include: ['test/**/*.test.ts'],
      testTimeout: options.testTimeout,
      hookTimeout: options.hookTimeout,
      globalSetup: [
        '../../server/test/helpers/global-setup.ts',
        ...(options.firebase ? ['../../server/test/helpers/firebase-setup.ts'] : []),
      ],
    },
  });
}
