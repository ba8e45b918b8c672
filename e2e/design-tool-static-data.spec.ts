import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import {
  type StaticData,
  encodeStaticData as serverEncode,
} from '../server/src/modules/qrcodes/static-data.js';
import { expect, test } from './fixtures.js';

/**
 * The site's module, compiled here as Docusaurus would (the site's sources are not part of the e2e
 * project: web/ is no ES module package, so it cannot be imported as one).
 */
function toolEncoder(): (data: StaticData) => string {
  const source = fs.readFileSync(path.join(import.meta.dirname, '../web/src/lib/qr/staticData.ts'), 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
  });
  const exports: { encodeStaticData?: (data: StaticData) => string } = {};
  new Function('exports', outputText)(exports);
  if (!exports.encodeStaticData) throw new Error('web/src/lib/qr/staticData.ts has no encodeStaticData');
  return exports.encodeStaticData;
}

/** One or two of every kind, with the characters each format escapes. */
const SAMPLES: StaticData[] = [
  { kind: 'text', text: 'Grüße; a "quoted", text\nwith a line' },
  { kind: 'url', url: 'https://example.com/a?b=c' },
  { kind: 'email', to: 'hello@example.com', subject: 'Hi there & more', body: 'Line one\nline two' },
  { kind: 'email', to: 'x@example.com' },
  { kind: 'phone', number: '+49 (30) 123-4567' },
  { kind: 'sms', number: '030 1234567', message: 'Table 12: the bill, please' },
  { kind: 'wifi', ssid: 'Cafe; "Guest"', password: 'p:a\\ss,word', encryption: 'WPA', hidden: true },
  { kind: 'wifi', ssid: 'Open', encryption: 'nopass' },
  {
    kind: 'vcard',
    name: 'Jane Q. Doe',
    org: 'RQ, Codes',
    phone: '+49 30 1',
    email: 'j@example.com',
    url: 'https://x.example',
    address: 'Main St 1; Berlin',
  },
  { kind: 'vcard', name: 'Cher' },
  { kind: 'geo', lat: 52.520008, lng: -13.40495412345 },
  { kind: 'geo', lat: -0.00000001, lng: 0 },
];

test('the tool encodes every static kind exactly as the server does', () => {
  const toolEncode = toolEncoder();
  for (const sample of SAMPLES) {
    expect(toolEncode(sample), sample.kind).toBe(serverEncode(sample));
  }
});
