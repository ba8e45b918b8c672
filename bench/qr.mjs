// QR engine speed against node-qrcode, measured in one run on the same 20 inputs.
// Builds @rq/qr (tsc -b, incremental) and imports its dist, as the server does.
// Last line: `qr: svg xA png xB verify C ms`, A and B = our median time / node-qrcode's median time.
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { median } from './lib/stats.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-b', 'packages/qr'], {
  cwd: root,
  stdio: 'inherit',
});

const QRCode = (await import('qrcode')).default;
const { renderSvg } = await import('@rq/qr');
const { renderPng, verifySvg } = await import('@rq/qr/node');

const lorem =
  'Spring menu: asparagus soup, wild garlic risotto, rhubarb tart. Open daily 11:30 to 22:00, reservations welcome. ';
const INPUTS = [
  'https://rq.codes/a',
  'https://rq.codes/spring-menu',
  'https://qr.example.com/Ab3-x9_k',
  'https://example.com/products/42?utm_source=qr&utm_medium=print&utm_campaign=spring',
  'HTTPS://RQ.CODES/ABC123',
  '0123456789012345678901234567890123456789',
  'mailto:hello@example.com?subject=Hello&body=Sent%20from%20a%20QR%20code',
  'tel:+4930123456789',
  'SMSTO:+4930123456789:Table 12 would like the bill',
  'WIFI:T:WPA;S:Cafe Guest;P:correct horse battery staple;H:false;;',
  'geo:52.520008,13.404954',
  'BEGIN:VCARD\nVERSION:3.0\nN:Doe;Jane\nORG:RQ Codes\nTEL:+4930123456\nEMAIL:jane@example.com\nEND:VCARD',
  lorem.slice(0, 50),
  lorem.slice(0, 100),
  (lorem + lorem).slice(0, 150),
  (lorem + lorem).slice(0, 200),
  (lorem + lorem + lorem).slice(0, 250),
  (lorem + lorem + lorem).slice(0, 300),
  'Grüße aus Köln! Ünïcödé text with emoji 😀 and accents é à ü',
  `https://example.com/${'segment/'.repeat(12)}end`,
];

const ROUNDS = 15;

async function time(fn) {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** Runs ours and theirs alternately on every input, so drift and GC hit both alike. */
async function compare(name, ours, theirs) {
  for (const input of INPUTS) {
    await ours(input);
    await theirs(input);
  }
  const oursTimes = [];
  const theirsTimes = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const input of INPUTS) {
      oursTimes.push(await time(() => ours(input)));
      theirsTimes.push(await time(() => theirs(input)));
    }
  }
  const a = median(oursTimes);
  const b = median(theirsTimes);
  console.log(
    `${name}: ours ${a.toFixed(3)} ms, node-qrcode ${b.toFixed(3)} ms (median of ${oursTimes.length})`,
  );
  return a / b;
}

const svgRatio = await compare(
  'svg',
  (input) => renderSvg(input),
  (input) => QRCode.toString(input, { type: 'svg' }),
);
const pngRatio = await compare(
  'png 300 px',
  (input) => renderPng(input, { size: 300 }),
  (input) => QRCode.toBuffer(input, { width: 300 }),
);

const svgs = INPUTS.map((input) => renderSvg(input));
for (const [i, input] of INPUTS.entries()) {
  const result = await verifySvg(svgs[i], input);
  if (!result.ok) throw new Error(`verify failed on input ${i}: ${result.reason}`);
}
const verifyTimes = [];
for (let round = 0; round < ROUNDS; round++) {
  for (const [i, input] of INPUTS.entries()) verifyTimes.push(await time(() => verifySvg(svgs[i], input)));
}
const verifyMs = median(verifyTimes);
console.log(
  `verify (rasterise on white + zxing decode): ${verifyMs.toFixed(3)} ms (median of ${verifyTimes.length})`,
);

console.log(`qr: svg x${svgRatio.toFixed(2)} png x${pngRatio.toFixed(2)} verify ${verifyMs.toFixed(2)} ms`);
