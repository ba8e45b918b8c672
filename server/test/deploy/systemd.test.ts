import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../..');
const unitsDir = path.join(root, 'deploy/systemd');
const units = fs.readdirSync(unitsDir).filter((name) => /\.(service|timer)$/.test(name));

/**
 * The units as installed, but with this checkout in place of /opt/rq-codes, so systemd finds the
 * programs they start (systemd-analyze checks that each ExecStart= is executable).
 */
const installed = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-systemd-'));
for (const name of units)
  fs.writeFileSync(
    path.join(installed, name),
    fs.readFileSync(path.join(unitsDir, name), 'utf8').replaceAll('/opt/rq-codes', root),
  );

/** `key=value` lines of a unit's [Service] section, in order. */
function directives(name: string): [string, string][] {
  const text = fs.readFileSync(path.join(unitsDir, name), 'utf8');
  return text
    .split('\n')
    .filter((line) => /^[A-Za-z]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]);
}

describe('deploy/systemd', () => {
  afterAll(() => fs.rmSync(installed, { recursive: true, force: true }));

  it('has the server, its instances, Caddy beside it and a nightly backup', () => {
    expect(units.sort()).toEqual([
      'rq-codes-backup.service',
      'rq-codes-backup.timer',
      'rq-codes-caddy.service',
      'rq-codes.service',
      'rq-codes@.service',
    ]);
  });

  it.each(units)('%s passes systemd-analyze verify', async (name) => {
    const unit = name === 'rq-codes@.service' ? 'rq-codes@8081.service' : name;
    if (unit !== name) fs.copyFileSync(path.join(installed, name), path.join(installed, unit));
    const { stdout, stderr } = await run('systemd-analyze', ['verify', path.join(installed, unit)]);
    expect(stderr).toBe('');
    expect(stdout).toBe('');
  });

  it.each(['rq-codes.service', 'rq-codes@.service'])(
    '%s runs as its own user, with nothing writable but its data and cache folders',
    (name) => {
      const service = new Map(directives(name));
      expect(service.get('User')).toBe('rq');
      expect(service.get('NoNewPrivileges')).toBe('yes');
      expect(service.get('ProtectSystem')).toBe('strict');
      expect(service.get('ProtectHome')).toBe('yes');
      expect(service.get('PrivateTmp')).toBe('yes');
      expect(service.get('CapabilityBoundingSet')).toBe('');
      expect(service.get('StateDirectory')).toMatch(/^rq-codes/);
      expect(service.has('ReadWritePaths')).toBe(false);
      expect(service.get('Environment')).toBeDefined();
      const environment = directives(name)
        .filter(([key]) => key === 'Environment')
        .map(([, value]) => value)
        .join(' ');
      expect(environment).toContain('DATA_DIR=/var/lib/rq-codes');
    },
  );

  it.each(['rq-codes.service', 'rq-codes@.service', 'rq-codes-caddy.service'])(
    "%s rates OK or better in systemd-analyze security's exposure",
    async (name) => {
      const unit = name === 'rq-codes@.service' ? 'rq-codes@8081.service' : name;
      if (unit !== name) fs.copyFileSync(path.join(installed, name), path.join(installed, unit));
      const { stdout } = await run('systemd-analyze', [
        'security',
        '--offline=yes',
        path.join(installed, unit),
      ]);
      expect(stdout).toMatch(/Overall exposure level for \S+: \d+\.\d+ (SAFE|OK)/);
    },
  );
});
