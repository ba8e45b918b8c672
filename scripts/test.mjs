#!/usr/bin/env node
// `npm test`: every workspace's tests (vitest projects), then the browser tests (Playwright, when
// present), then one closing line `N passed, N failed` over both.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { clearEmulatorAccounts, startFirebaseEmulator } from './lib/firebase-emulator.mjs';
import { requireRuntime } from './lib/runtime.mjs';

const root = path.resolve(import.meta.dirname, '..');
requireRuntime(root);
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-test-'));
const extra = process.argv.slice(2);

const engines = ['sqlite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];
console.log(`node ${process.version}`);
console.log(`database engines under test: ${engines.join(', ')}`);
console.log(
  `redis under test: ${process.env.TEST_REDIS_URL ? process.env.TEST_REDIS_URL : 'no (TEST_REDIS_URL unset: in-memory only, the *.redis.test.ts suites are left out)'}`,
);

// The Auth emulators start beside the build: each costs about 12 s of CPU to start, so the unit
// and browser tests share these two (demo-rq, and demo-other for tokens of another project)
// instead of starting their own (server/test/helpers/firebase-setup.ts, e2e/global-setup.ts).
const emulators = Promise.all([
  startFirebaseEmulator({ projectId: 'demo-rq' }),
  startFirebaseEmulator({ projectId: 'demo-other' }),
]);
/**
 * Runs a command to its end without blocking this process: the emulators' output pipes must keep
 * draining, and a connection pooled by an earlier fetch must see its server close it, or the
 * next fetch writes into a dead socket (EPIPE).
 */
function run(command, args, options = {}) {
  return new Promise((resolve) =>
    spawn(command, args, { stdio: 'inherit', ...options }).on('exit', (status) => resolve({ status })),
  );
}

const { status: buildStatus } = await run(process.execPath, [path.join(root, 'scripts/build.mjs')]);
const [authEmulator, otherAuthEmulator] = await emulators;
const stopEmulators = () => Promise.all([authEmulator.stop(), otherAuthEmulator.stop()]);
if (buildStatus !== 0) {
  await stopEmulators();
  process.exit(buildStatus ?? 1);
}
// The server tests' global setup need not build again (server/test/helpers/global-setup.ts).
process.env.RQ_SERVER_BUILT = '1';
process.env.RQ_TEST_AUTH_EMULATOR_HOSTS = `${authEmulator.host},${otherAuthEmulator.host}`;

/**
 * The files that took longest, for whoever next looks at the run's time; vitest.sequencer.ts starts
 * the slow ones first from vitest.durations.json, which this report refreshes.
 */
function printSlowestFiles(report) {
  const files = report.testResults
    .map((file) => ({
      file: path.relative(root, file.name),
      seconds: (file.endTime - file.startTime) / 1000,
    }))
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, 10);
  console.log('\nslowest test files:');
  for (const { file, seconds } of files) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${file}`);
  console.log(`(node scripts/test-durations.mjs ${unitReport} refreshes vitest.durations.json)\n`);
}

function* specsOf(suites = []) {
  for (const suite of suites) {
    yield* suite.specs ?? [];
    yield* specsOf(suite.suites);
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
let broken = false;
// Named again under the totals: CI keeps only the end of a long log.
const failures = [];

const unitReport = path.join(reports, 'vitest.json');
const unit = await run(
  bin('vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${unitReport}`, ...extra],
  { cwd: root },
);
if (fs.existsSync(unitReport)) {
  const report = JSON.parse(fs.readFileSync(unitReport, 'utf8'));
  printSlowestFiles(report);
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  skipped += report.numPendingTests + report.numTodoTests;
  for (const file of report.testResults) {
    const where = path.relative(root, file.name);
    if (file.assertionResults.length === 0 && file.status === 'failed')
      failures.push(`${where}: ${file.message.split('\n')[0]}`);
    for (const test of file.assertionResults) {
      if (test.status === 'failed') failures.push(`${where} > ${test.fullName}`);
    }
  }
  if (report.numFailedTestSuites > 0 && report.numFailedTests === 0) broken = true;
} else {
  broken = true;
}
if (unit.status !== 0) broken = true;

if (fs.existsSync(path.join(root, 'playwright.config.ts')) && extra.length === 0) {
  const e2eReport = path.join(reports, 'playwright.json');
  // The browser tests meet none of the unit tests' accounts.
  await clearEmulatorAccounts(authEmulator.host, 'demo-rq');
  const e2e = await run(bin('playwright'), ['test', '--reporter=list,json'], {
    cwd: root,
    env: {
      ...process.env,
      PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
      RQ_E2E_AUTH_EMULATOR_HOST: authEmulator.host,
    },
  });
  if (fs.existsSync(e2eReport)) {
    const { stats, suites } = JSON.parse(fs.readFileSync(e2eReport, 'utf8'));
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    skipped += stats.skipped;
    for (const spec of specsOf(suites)) {
      if (spec.tests.some((test) => test.status === 'unexpected'))
        failures.push(`e2e/${spec.file}:${spec.line} > ${spec.title}`);
    }
  } else {
    broken = true;
  }
  if (e2e.status !== 0) broken = true;
}

await stopEmulators();

if (broken && failed === 0) failed = 1; // a suite that could not run counts as a failure
if (failures.length > 0) console.log(`\nfailed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
