import path from 'node:path';
import { defineConfig } from 'vitest/config';

/** The site's unit tests: pure models beside their code, in Node (no browser, no Docusaurus). */
export default defineConfig({
  resolve: {
    // Docusaurus's alias for this folder, as the bundler resolves it.
    alias: { '@site': path.resolve(import.meta.dirname) },
    // @rq/qr from its sources, as the server's tests take it.
    conditions: ['source'],
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.ts'],
    environment: 'node',
  },
});
