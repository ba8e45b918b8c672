// The Firebase Auth emulator (firebase-tools), started on free ports for `npm start`, the server's
// test run and the browser tests. Everything it needs is generated in a temporary folder; nothing
// reaches the internet, and stop() ends the whole process group (the CLI spawns children). Its
// accounts live in memory unless an accounts folder is given (`npm start`: DATA_DIR/auth-emulator).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { accountsRestored, importArguments, keepAccounts } from './emulator-accounts.mjs';
import { freePort } from './ports.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const firebaseBin = path.join(root, 'node_modules/.bin/firebase');
const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 10_000;

async function answers(host) {
  try {
    const response = await fetch(`http://${host}/`, { signal: AbortSignal.timeout(1000) });
    const body = await response.json();
    return body?.authEmulator?.ready === true;
  } catch {
    return false;
  }
}

const WATCHDOG = `
const [parent, group] = process.argv.slice(1).map(Number);
setInterval(() => {
  try { process.kill(parent, 0); } catch {
    try { process.kill(-group, 'SIGTERM'); } catch {}
    process.exit(0);
  }
}, 1000);
`;

function emulatorEnv(dir) {
  const env = { ...process.env };
  // The CLI finds other running emulators through a file in the temp folder; each gets its own.
  env.TMPDIR = dir;
  // A parent's emulator settings must not leak into this one.
  delete env.FIREBASE_AUTH_EMULATOR_HOST;
  delete env.FIREBASE_EMULATOR_HUB;
  // No internet here: no update check, no prompts. (Usage reporting is off unless a user opted in.)
  env.NO_UPDATE_NOTIFIER = '1';
  env.CI = 'true';
  return env;
}

/**
 * Starts the Auth emulator and resolves once it answers. With `accountsDir`, it starts with the
 * accounts saved there and saves them again whenever they change (emulator-accounts.mjs).
 * @param {{ port?: number, projectId?: string, accountsDir?: string }} [options]
 * @returns {Promise<{ host: string, stop(): Promise<void> }>} host is '127.0.0.1:PORT'
 */
export async function startFirebaseEmulator({ port, projectId = 'demo-rq', accountsDir } = {}) {
  const authPort = port ?? (await freePort());
  // The CLI also starts a hub and a logging emulator; they get free ports too, so several
  // emulators (npm start, the test run, Playwright) can run side by side.
  const hubPort = await freePort();
  const loggingPort = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-firebase-'));
  const configFile = path.join(dir, 'firebase.json');
  fs.writeFileSync(
    configFile,
    JSON.stringify({
      emulators: {
        auth: { host: '127.0.0.1', port: authPort },
        hub: { host: '127.0.0.1', port: hubPort },
        logging: { host: '127.0.0.1', port: loggingPort },
        ui: { enabled: false },
        // Tokens for another project (tests of wrong-project tokens) without a warning per call.
        singleProjectMode: false,
      },
    }),
  );

  const child = spawn(
    firebaseBin,
    [
      'emulators:start',
      '--only',
      'auth',
      '--project',
      projectId,
      '--config',
      configFile,
      ...(accountsDir ? importArguments(accountsDir) : []),
    ],
    {
      cwd: dir,
      detached: true, // its own process group, so stop() reaches the CLI's children as well
      stdio: ['ignore', 'pipe', 'pipe'],
      env: emulatorEnv(dir),
    },
  );
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = false;
  const exit = new Promise((resolve) => {
    child.on('exit', () => {
      exited = true;
      resolve();
    });
  });

  // If this process dies without calling stop() (a killed test run), a watchdog ends the emulator.
  const watchdog = spawn(process.execPath, ['-e', WATCHDOG, String(process.pid), String(child.pid)], {
    detached: true,
    stdio: 'ignore',
  });
  watchdog.unref();

  const host = `127.0.0.1:${authPort}`;
  const killGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };
  let accounts;
  const stop = async () => {
    // The last changes are saved while the emulator still answers.
    if (!exited) await accounts?.save();
    await accounts?.stop();
    watchdog.kill('SIGKILL');
    if (!exited) {
      killGroup('SIGTERM');
      const timer = setTimeout(() => killGroup('SIGKILL'), STOP_TIMEOUT_MS);
      await exit;
      clearTimeout(timer);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  const deadline = Date.now() + READY_TIMEOUT_MS;
  const ready = async () =>
    (await answers(host)) &&
    (!accountsDir || (await accountsRestored({ host, projectId, dir: accountsDir })));
  while (!(await ready())) {
    if (exited || Date.now() > deadline) {
      await stop();
      throw new Error(
        `the Firebase Auth emulator did not start on ${host}${exited ? ' (it exited)' : ''}:\n${output}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (accountsDir) accounts = keepAccounts({ host, projectId, dir: accountsDir });
  return { host, stop };
}

/**
 * Deletes every account of `projectId` in the emulator at `host` (its documented reset), so a
 * later suite that reuses the emulator meets none of an earlier suite's accounts.
 * @param {string} host
 * @param {string} projectId
 */
export async function clearEmulatorAccounts(host, projectId) {
  const response = await fetch(`http://${host}/emulator/v1/projects/${projectId}/accounts`, {
    method: 'DELETE',
  });
  if (!response.ok) throw new Error(`clearing the emulator's accounts: ${response.status}`);
}
