#!/usr/bin/env node
// What monthly usage adds to a scan (billing's part of the redirect hot path): the meter's
// isOverLimit before the decision and counted after the scan is recorded, for one account already
// loaded, on the in-process store, against a peer in the same run: a bare Map of counts checked
// against a limit and added to (the least any monthly limit can cost). Each scan passes its own
// time, as the edge does. Rounds alternate after a warm-up; the median round is reported.
// Last line: `usage meter: X ns a scan, peer Y ns (+D ns a scan)`.
import path from 'node:path';

const dist = path.resolve(import.meta.dirname, '../server/dist');
const { UsageMeter, inProcessUsageStore } = await import(path.join(dist, 'modules/plans/usage-meter.js'));

const SCANS = 2_000_000;
const ROUNDS = 5;
const ACCOUNT = 'acct_bench';

const meter = new UsageMeter({
  recorded: async () => 0,
  limit: async () => 1e12,
  store: inProcessUsageStore(),
});
await meter.isOverLimit(ACCOUNT); // loads the account, as its first scan does

const counts = new Map([[ACCOUNT, { count: 0, limit: 1e12 }]]);
const peer = {
  isOverLimit(workspaceId) {
    const usage = counts.get(workspaceId);
    return usage.count >= usage.limit;
  },
  counted(workspaceId) {
    counts.get(workspaceId).count += 1;
  },
};

function nsPerScan(subject) {
  const now = Date.now();
  let over = 0;
  const started = process.hrtime.bigint();
  for (let i = 0; i < SCANS; i++) {
    if (subject.isOverLimit(ACCOUNT, now) === true) over += 1;
    subject.counted(ACCOUNT, now);
  }
  const ns = Number(process.hrtime.bigint() - started) / SCANS;
  if (over > 0) throw new Error('the bench account went over its limit');
  return ns;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
nsPerScan(meter);
nsPerScan(peer);
const ours = [];
const bare = [];
for (let round = 1; round <= ROUNDS; round++) {
  ours.push(nsPerScan(meter));
  bare.push(nsPerScan(peer));
  console.log(
    `round ${round}: usage meter ${ours.at(-1).toFixed(0)} ns a scan, peer ${bare.at(-1).toFixed(0)} ns`,
  );
}
const [m, p] = [median(ours), median(bare)];
console.log(
  `usage meter: ${m.toFixed(0)} ns a scan, peer ${p.toFixed(0)} ns (+${(m - p).toFixed(0)} ns a scan)`,
);
