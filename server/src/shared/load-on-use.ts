import { createRequire } from 'node:module';

/**
 * Loads a CommonJS dependency where it is first needed instead of at start (the PostgreSQL and
 * Redis drivers, firebase-admin): an instance that never uses one never holds it in memory.
 * Node caches what it loaded, so later calls cost a lookup.
 */
export const loadOnUse = createRequire(import.meta.url);
