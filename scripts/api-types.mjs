#!/usr/bin/env node
// Writes the API types from the server's OpenAPI document: `npm run api:types`, into the client
// package (packages/client), which the site reads them from too.
// With --check it writes nothing and fails when a committed file differs (run by `npm run lint`).
import path from 'node:path';
import { apiTypesOf, GENERATED_TYPE_FILES } from './lib/api-types.mjs';
import { openApiDocument, syncGenerated } from './lib/generated-from-openapi.mjs';

const root = path.resolve(import.meta.dirname, '..');
const source = await apiTypesOf(openApiDocument(root, 'api:types'));
for (const file of GENERATED_TYPE_FILES) {
  syncGenerated(root, file, source, {
    check: process.argv.includes('--check'),
    stale: 'the API changed. Run `npm run api:types` and commit the file.',
  });
}
