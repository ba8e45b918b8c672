#!/usr/bin/env node
import { createRequire } from 'node:module';
import path from 'node:path';

// Our hand-written IP parser (server/src/modules/rules/ip-address.ts) against ipaddr.js, on what
// the edge does per scan: parse the scanner's address (IPv4, IPv4-mapped IPv6, IPv6) and match it
// against a rule's CIDRs. Last line: `ip-address: parse+match x<R> of ipaddr.js (ours N ns, ipaddr.js M ns per address)`.

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(path.join(root, 'server/package.json'));
const ipaddr = require('ipaddr.js');
const ours = await import(path.join(root, 'server/dist/modules/rules/ip-address.js'));

const ADDRESSES = [
  '203.0.113.7',
  '::ffff:198.51.100.23',
  '2001:db8:85a3::8a2e:370:7334',
  '8.8.8.8',
  '2a00:1450:4001:82b::200e',
];
const CIDRS = ['10.0.0.0/8', '192.168.0.0/16', '203.0.113.0/24', '2001:db8::/32', 'fd00::/8'];
const ROUNDS = 5;
const PER_ROUND = 400_000;

const ourRanges = CIDRS.map((cidr) => ours.parseIpRange(cidr));
const theirRanges = CIDRS.map((cidr) => ipaddr.parseCIDR(cidr));

function oursOnce(text) {
  const address = ours.parseIpAddress(text);
  let hits = 0;
  for (const range of ourRanges) if (address && ours.ipInRange(address, range)) hits++;
  return hits;
}

function theirsOnce(text) {
  let address = ipaddr.parse(text);
  if (address.kind() === 'ipv6' && address.isIPv4MappedAddress()) address = address.toIPv4Address();
  let hits = 0;
  for (const range of theirRanges) if (address.kind() === range[0].kind() && address.match(range)) hits++;
  return hits;
}

function time(run) {
  let sink = 0;
  const start = process.hrtime.bigint();
  for (let i = 0; i < PER_ROUND; i++) sink += run(ADDRESSES[i % ADDRESSES.length]);
  const ns = Number(process.hrtime.bigint() - start) / PER_ROUND;
  if (sink < 0) console.log(sink);
  return ns;
}

for (const address of ADDRESSES) {
  if (oursOnce(address) !== theirsOnce(address)) throw new Error(`the parsers disagree on ${address}`);
}
time(oursOnce);
time(theirsOnce);
const oursNs = [];
const theirsNs = [];
for (let round = 0; round < ROUNDS; round++) {
  oursNs.push(time(oursOnce));
  theirsNs.push(time(theirsOnce));
}
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const a = median(oursNs);
const b = median(theirsNs);
console.log(
  `ip-address: parse+match x${(b / a).toFixed(1)} faster than ipaddr.js (ours ${a.toFixed(0)} ns, ipaddr.js ${b.toFixed(0)} ns per address)`,
);
