import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServerProcess } from '../../../scripts/lib/server-process.mjs';
import { waitFor } from '../helpers/wait-for.js';

const serverDir = path.resolve(import.meta.dirname, '../..');

function start(script: string, env: Record<string, string>): { child: ChildProcess; output: () => string } {
  // One process (no wrapper between the signal and the server); a TypeScript fixture loaded by tsx.
  const loader = script.endsWith('.ts') ? ['--conditions=source', '--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...loader, script], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  return { child, output: () => output };
}

const exited = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

describe('the process', () => {
  it('finishes an in-flight request on SIGTERM, refuses new ones, then exits 0', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-life-'));
    const { child, output, base } = await startServerProcess({
      // One process (no tsx wrapper between the signal and the server), TypeScript loaded by tsx.
      argv: ['--conditions=source', '--import', 'tsx', 'test/fixtures/slow-server.ts'],
      cwd: serverDir,
      env: { DATA_DIR: dataDir, WEB_DIR: dataDir, DATABASE_URL: '' },
    });
    const exit = exited(child);

    const inFlight = fetch(`${base}/slow`).then(async (r) => ({
      status: r.status,
      body: await r.json(),
    }));
    // Signalled once the server has logged the request coming in, so the request is in flight.
    await waitFor(() => output().includes('"url":"/slow"'), 'the slow request to arrive');
    child.kill('SIGTERM');
    await waitFor(() => output().includes('shutting down'), 'the shutdown to begin');

    await expect(fetch(`${base}/healthz`)).rejects.toThrow();
    expect(await inFlight).toEqual({ status: 200, body: { finished: true } });
    expect(await exit, output()).toBe(0);
    // Every log line of a request carries its request id.
    const requestLines = output()
      .split('\n')
      .filter((line) => line.includes('"url":"/slow"'));
    expect(requestLines.length).toBeGreaterThan(0);
    for (const line of requestLines) expect(JSON.parse(line).requestId).toBeTruthy();
  });

  it('stops at start with one clear line when a setting is invalid', async () => {
    const { child, output } = start('dist/server.js', { PORT: 'eighty' });
    expect(await exited(child)).toBe(1);
    expect(output().trim()).toBe(
      'Invalid configuration: PORT must be an integer from 0 to 65535 (got "eighty")',
    );
  });

  it('refuses to listen on a public interface while sign-in trusts the Auth emulator', async () => {
    const { child, output } = start('dist/server.js', {
      HOST: '0.0.0.0',
      FIREBASE_PROJECT_ID: '',
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      ALLOW_EMULATOR_AUTH_ON_PUBLIC_HOST: '',
    });
    expect(await exited(child)).toBe(1);
    expect(output().trim()).toMatch(
      /^Invalid configuration: HOST must be a loopback address .* \(got "0\.0\.0\.0"\)$/,
    );
  });
});
