#!/usr/bin/env node
// Writes vitest.durations.json, the seconds each slow test file took, from a vitest JSON report
// (`npm test` says where its report is; or `npm exec -- vitest run --reporter=json
// --outputFile=report.json`). The run's sequencer (vitest.sequencer.ts) starts those files first
// on a clone without vitest's own cache of durations, as CI is. `node scripts/test-durations.mjs
// <report.json>`.
import fs from 'node:fs';
import path from 'node:path';

/** Files quicker than this go in vitest's own order, after the listed ones. */
const LISTED_FROM_SECONDS = 10;

const root = path.resolve(import.meta.dirname, '..');
const [reportPath] = process.argv.slice(2);
if (!reportPath) {
  console.error('usage: node scripts/test-durations.mjs <vitest json report>');
  process.exit(2);
}
const report = JSON.parse(fs.readFileSync(reportPath, 'utf8'));
const seconds = Object.fromEntries(
  report.testResults
    .map((file) => [path.relative(root, file.name), Math.round((file.endTime - file.startTime) / 1000)])
    .filter(([, taken]) => taken >= LISTED_FROM_SECONDS)
    .sort(([a, aTaken], [b, bTaken]) => bTaken - aTaken || a.localeCompare(b)),
);
const target = path.join(root, 'vitest.durations.json');
fs.writeFileSync(
  target,
  `${JSON.stringify({ note: 'Written by scripts/test-durations.mjs; read by vitest.sequencer.ts.', seconds }, null, 2)}\n`,
);
console.log(
  `${Object.keys(seconds).length} files of ${LISTED_FROM_SECONDS} s or more in ${path.relative(root, target)}`,
);
