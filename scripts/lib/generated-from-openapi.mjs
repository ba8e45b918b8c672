// What `npm run api:types` and `npm run docs:roles` share: both write a file made from the
// server's OpenAPI document, or with --check fail when the committed file differs.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** The OpenAPI document, printed from the server's sources (tsx), so no build is needed first. */
export function openApiDocument(root, command) {
  const printed = spawnSync(
    process.execPath,
    ['--conditions', 'source', '--import', 'tsx', 'server/src/openapi-document.ts'],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  if (printed.status !== 0) {
    console.error(`${command}: could not print the OpenAPI document (server/src/openapi-document.ts)`);
    process.exit(printed.status ?? 1);
  }
  return JSON.parse(printed.stdout);
}

/** Writes `content` to `relative` (under `root`), or with `check` only sets a failing exit code when it differs. */
export function syncGenerated(root, relative, content, { check, stale }) {
  const file = path.join(root, relative);
  const committed = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  if (committed === content) {
    if (!check) console.log(`${relative} is up to date`);
  } else if (check) {
    console.error(`${relative} is stale: ${stale}`);
    process.exitCode = 1;
  } else {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, content);
    console.log(`wrote ${relative}`);
  }
}
