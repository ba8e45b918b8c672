import { defineConfig } from 'vitest/config';

/** `npm test` runs every workspace's unit and integration tests as projects of one run. */
export default defineConfig({
  test: {
    projects: ['packages/qr', 'server', 'web'],
  },
});
