#!/usr/bin/env node
// `npm start`: builds what is stale, then serves the whole product (site, API, redirects) on
// http://localhost:8080 with the embedded defaults. Ctrl-C stops everything cleanly.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const env = { ...process.env };
const server = spawn(process.execPath, [path.join(root, 'server/dist/server.js')], { stdio: 'inherit', env });

const children = [server];
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) if (child.exitCode === null) child.kill(signal);
  });
}
server.on('exit', (code) => {
  for (const child of children) if (child !== server && child.exitCode === null) child.kill('SIGTERM');
  process.exit(code ?? 0);
});
