#!/usr/bin/env node
// Writes the docs page "Who may do what" from the server's OpenAPI document: `npm run docs:roles`.
// With --check it writes nothing and fails when the committed page differs; the server test
// server/test/api/roles-docs.test.ts does the same check in the test suite.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { ROLES_DOC_FILE, rolesDocOf } from './lib/roles-doc.mjs';

const root = path.resolve(import.meta.dirname, '..');
const check = process.argv.includes('--check');

// The document comes from the server's sources (tsx), so no build is needed first.
const printed = spawnSync(
  process.execPath,
  ['--conditions', 'source', '--import', 'tsx', 'server/src/openapi-document.ts'],
  { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] },
);
if (printed.status !== 0) {
  console.error('docs:roles: could not print the OpenAPI document (server/src/openapi-document.ts)');
  process.exit(printed.status ?? 1);
}
const page = rolesDocOf(JSON.parse(printed.stdout));
// The versioned copy of the docs (web/versioned_docs/version-v1) follows web/docs.
const files = [ROLES_DOC_FILE, ROLES_DOC_FILE.replace('web/docs/', 'web/versioned_docs/version-v1/')];
for (const file of files.map((f) => path.join(root, f))) {
  const committed = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const relative = path.relative(root, file);
  if (committed === page) {
    if (!check) console.log(`${relative} is up to date`);
  } else if (check) {
    console.error(
      `${relative} is stale: the API's permissions changed. Run \`npm run docs:roles\` and commit it.`,
    );
    process.exitCode = 1;
  } else {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, page);
    console.log(`wrote ${relative}`);
  }
}
