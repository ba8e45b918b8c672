#!/usr/bin/env node
// Writes the site's API types from the server's OpenAPI document: `npm run api:types`.
// With --check it writes nothing and fails when the committed file differs (run by `npm run lint`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { apiTypesOf, SCHEMA_FILE } from './lib/api-types.mjs';

const root = path.resolve(import.meta.dirname, '..');
const check = process.argv.includes('--check');

// The document comes from the server's sources (tsx), so no build is needed first.
const printed = spawnSync(
  process.execPath,
  ['--conditions', 'source', '--import', 'tsx', 'server/src/openapi-document.ts'],
  { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] },
);
if (printed.status !== 0) {
  console.error('api:types: could not print the OpenAPI document (server/src/openapi-document.ts)');
  process.exit(printed.status ?? 1);
}
const source = await apiTypesOf(JSON.parse(printed.stdout));
const file = path.join(root, SCHEMA_FILE);
const committed = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';

if (check) {
  if (committed !== source) {
    console.error(`${SCHEMA_FILE} is stale: the API changed. Run \`npm run api:types\` and commit the file.`);
    process.exit(1);
  }
} else if (committed !== source) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, source);
  console.log(`wrote ${SCHEMA_FILE}`);
} else {
  console.log(`${SCHEMA_FILE} is up to date`);
}
