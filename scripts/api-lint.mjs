#!/usr/bin/env node
// Lints the server's OpenAPI document with Redocly's recommended rules (redocly.yaml): `npm run api:lint`,
// part of `npm run lint`. Errors fail; warnings are shown.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openApiDocument } from './lib/generated-from-openapi.mjs';

const root = path.resolve(import.meta.dirname, '..');
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-api-lint-'));
try {
  const file = path.join(folder, 'openapi.json');
  fs.writeFileSync(file, JSON.stringify(openApiDocument(root, 'api:lint'), null, 2));
  const redocly = path.join(root, 'node_modules/.bin/redocly');
  const result = spawnSync(
    redocly,
    ['lint', file, '--config', path.join(root, 'redocly.yaml'), '--format=stylish'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  process.exitCode = result.status ?? 1;
} finally {
  fs.rmSync(folder, { recursive: true, force: true });
}
