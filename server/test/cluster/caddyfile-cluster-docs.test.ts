import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeBlocks } from '../api/docs-runner.js';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

/** The scale-out page shows deploy/Caddyfile.cluster, the file caddy.test.ts runs, verbatim. */
describe('the load-balancing Caddyfile shown in the docs is the one tested', () => {
  it('the scale-out page shows deploy/Caddyfile.cluster character for character', () => {
    const shown = codeBlocks(read('web/docs/self-hosting/scale-out.md')).map((block) => `${block.code}\n`);
    expect(shown).toContain(read('deploy/Caddyfile.cluster'));
  });
});
