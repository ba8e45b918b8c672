import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'qr',
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
