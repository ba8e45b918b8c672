import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './run-cli.js';

interface Packed {
  name: string;
  files: { path: string }[];
}

/**
 * What npm would publish of each package (`npm pack --dry-run`, install scripts not run, so no
 * build): the project is Apache-2.0 (issue 49), and a package carries its licence with it.
 */
describe('the packages as npm packs them', () => {
  const result = spawnSync(
    'npm',
    [
      'pack',
      '--dry-run',
      '--json',
      '--ignore-scripts',
      '-w',
      'packages/qr',
      '-w',
      'packages/client',
      '-w',
      'packages/cli',
    ],
    { cwd: repoRoot, encoding: 'utf8', env: { ...process.env, npm_config_loglevel: 'error' } },
  );
  const packed = result.status === 0 ? (JSON.parse(result.stdout) as Packed[]) : [];
  const licence = fs.readFileSync(path.join(repoRoot, 'LICENSE'), 'utf8');

  it('packs all three', () => {
    expect(result.status, result.stderr).toBe(0);
    expect(packed.map((p) => p.name).sort()).toEqual(['@rq/cli', '@rq/client', '@rq/qr']);
  });

  it.each([
    ['@rq/qr', 'packages/qr'],
    ['@rq/client', 'packages/client'],
    ['@rq/cli', 'packages/cli'],
  ])('%s declares Apache-2.0 and ships the licence text', (name, dir) => {
    const files = packed.find((p) => p.name === name)?.files.map((file) => file.path) ?? [];
    expect(files).toContain('LICENSE');
    const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, dir, 'package.json'), 'utf8'));
    expect(manifest.license).toBe('Apache-2.0');
    expect(fs.readFileSync(path.join(repoRoot, dir, 'LICENSE'), 'utf8')).toBe(licence);
  });

  it('the QR package, which carries Roboto outlines, ships its NOTICE', () => {
    const files = packed.find((p) => p.name === '@rq/qr')?.files.map((file) => file.path) ?? [];
    expect(files).toContain('NOTICE');
    expect(files).toContain('src/font/glyphs.ts');
  });

  it('the project is Apache-2.0 too, with the licence the packages ship', () => {
    expect(licence).toMatch(/^\s*Apache License\s+Version 2\.0, January 2004/);
    expect(licence).toContain('END OF TERMS AND CONDITIONS');
    for (const dir of ['.', 'server', 'web', 'bench']) {
      const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot, dir, 'package.json'), 'utf8'));
      expect(manifest.license, dir).toBe('Apache-2.0');
    }
  });
});
