import { defineConfig } from 'vitest/config';

// Suites about several instances sharing Redis need one: TEST_REDIS_URL (.ci/run sets it, so CI
// always runs them). Without it they are left out by name, and scripts/test.mjs says so.
const redisSuites = process.env.TEST_REDIS_URL ? [] : ['test/**/*.redis.test.ts'];

export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['**/node_modules/**', ...redisSuites],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // As the server runs (SERVER_NODE_FLAGS): the heap trims need V8's collector (shared/heap-trim.ts).
    execArgv: ['--expose-gc'],
    globalSetup: ['test/helpers/global-setup.ts', 'test/helpers/firebase-setup.ts'],
    // Every answer a test gets through buildTestApp's inject must match the OpenAPI document.
    setupFiles: ['test/helpers/contract-setup.ts'],
  },
});
