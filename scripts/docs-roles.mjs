#!/usr/bin/env node
// Writes the docs page "Who may do what" from the server's OpenAPI document: `npm run docs:roles`.
// With --check it writes nothing and fails when the committed page differs; the server test
// server/test/api/roles-docs.test.ts does the same check in the test suite.
import path from 'node:path';
import { openApiDocument, syncGenerated } from './lib/generated-from-openapi.mjs';
import { ROLES_DOC_FILE, rolesDocOf } from './lib/roles-doc.mjs';

const root = path.resolve(import.meta.dirname, '..');
const page = rolesDocOf(openApiDocument(root, 'docs:roles'));
// The versioned copy of the docs (web/versioned_docs/version-v1) follows web/docs.
for (const file of [ROLES_DOC_FILE, ROLES_DOC_FILE.replace('web/docs/', 'web/versioned_docs/version-v1/')]) {
  syncGenerated(root, file, page, {
    check: process.argv.includes('--check'),
    stale: "the API's permissions changed. Run `npm run docs:roles` and commit it.",
  });
}
