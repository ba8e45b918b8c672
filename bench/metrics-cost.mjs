#!/usr/bin/env node
// What the edge's own measuring costs it: this build against the same commit with the edge's
// latency histogram (`rq_edge_answer_duration_seconds`: two clock reads and an observation per
// answer) taken out, both under load at once (bench/redirect-ab.mjs, which explains why a pair
// loaded together tells a difference of a few percent and two runs one after the other do not).
// The other build is a git worktree of HEAD in a temporary folder, its redirect module's `timed`
// hook made a no-op, built there and removed at the end; uncommitted changes are not in it, so
// commit first. Issue 44's bar: within 3% (with/without at least 0.97).
//
// `npm run bench -- metrics-cost [--rounds 4] [--starts 2]`
// Last line: `edge metrics cost: with/without the latency histogram median R over N rounds (...)`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';

const root = path.resolve(import.meta.dirname, '..');
const { values: flags } = parseArgs({
  options: { rounds: { type: 'string', default: '4' }, starts: { type: 'string', default: '2' } },
});
const MODULE = 'server/src/modules/redirect/redirect.module.ts';
const MEASURED = 'timed: app.metrics.edgeAnswered,';

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${result.status}`);
  return result;
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-bench-unmeasured-'));
const worktree = path.join(tmp, 'checkout');
let failed = false;
try {
  run('git', ['-C', root, 'worktree', 'add', '--detach', worktree, 'HEAD'], { stdio: 'ignore' });
  // The dependencies, the workspaces' own included (their versions can differ from the root's).
  for (const dir of ['.', 'server', 'web', 'packages/qr', 'packages/client', 'packages/cli']) {
    const modules = path.join(root, dir, 'node_modules');
    if (fs.existsSync(modules)) fs.symlinkSync(modules, path.join(worktree, dir, 'node_modules'));
  }
  const file = path.join(worktree, MODULE);
  const source = fs.readFileSync(file, 'utf8');
  if (!source.includes(MEASURED))
    throw new Error(`${MODULE} no longer has \`${MEASURED}\`: update this bench`);
  fs.writeFileSync(file, source.replace(MEASURED, 'timed: () => {},'));
  run(path.join(root, 'node_modules/.bin/tsc'), ['-b', 'packages/qr', 'server'], { cwd: worktree });
  const ab = spawnSync(
    process.execPath,
    [
      path.join(root, 'bench/redirect-ab.mjs'),
      '--base',
      worktree,
      '--head',
      root,
      '--rounds',
      flags.rounds,
      '--starts',
      flags.starts,
    ],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const lines = ab.stdout.trim().split('\n');
  for (const line of lines.slice(0, -1)) console.log(line);
  const last = lines.at(-1) ?? '';
  if (ab.status !== 0 || !last.startsWith('redirect a/b:'))
    throw new Error(`redirect-ab failed:\n${ab.stdout}`);
  console.log(
    last.replace('redirect a/b: head/base', 'edge metrics cost: with/without the latency histogram'),
  );
} catch (error) {
  console.error(error);
  failed = true;
} finally {
  spawnSync('git', ['-C', root, 'worktree', 'remove', '--force', worktree], { stdio: 'ignore' });
  fs.rmSync(tmp, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
