import { defineConfig, devices } from '@playwright/test';

/**
 * Browser tests: Debian's Chromium against the real built server (node server/dist/server.js)
 * and the real Firebase Auth emulator, both started by e2e/global-setup.ts on free ports.
 */
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    ...devices['Desktop Chrome'],
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
    // Recording a trace costs every test about a fifth of its CPU (the signed-out accessibility
    // audit: 2.6 min with it, 2.1 without), and CI's 2 cores are the suite's limit; nobody reads a
    // CI run's traces. Locally a failing test keeps its trace; `--trace on` records one in CI.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  outputDir: 'test-results',
});
