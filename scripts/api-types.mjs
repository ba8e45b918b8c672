#!/usr/bin/env node
// Writes the site's API types from the server's OpenAPI document: `npm run api:types`.
// With --check it writes nothing and fails when the committed file differs (run by `npm run lint`).
import path from 'node:path';
import { apiTypesOf, SCHEMA_FILE } from './lib/api-types.mjs';
import { openApiDocument, syncGenerated } from './lib/generated-from-openapi.mjs';

const root = path.resolve(import.meta.dirname, '..');
const source = await apiTypesOf(openApiDocument(root, 'api:types'));
syncGenerated(root, SCHEMA_FILE, source, {
  check: process.argv.includes('--check'),
  stale: 'the API changed. Run `npm run api:types` and commit the file.',
});
