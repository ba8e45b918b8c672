// A server process (the built server, server/dist/server.js, unless told otherwise) on a loopback
// port, for the browser tests, the benches, the scripts and the server's process tests: started
// with the caller's environment, ready once it answers /readyz (or /healthz), its log kept for
// error messages, and stopped with SIGTERM (SIGKILL after a grace period).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from './ports.mjs';

const root = path.resolve(import.meta.dirname, '../..');
export const SERVER_ENTRY = path.join(root, 'server/dist/server.js');
/**
 * Node flags every server process runs with (the README's systemd unit, deploy/systemd and
 * server's `npm start` have them too): V8's young generation at 8 MB a semi-space instead of
 * growing to 32, which kept 63 MB resident in an idle instance (docs/adr/2026-11-26-cold-code-read.md);
 * `--expose-gc` for the idle trims that give freed heap back (server/src/shared/heap-trim.ts), set at
 * start because V8's flags changed at run time are unpredictable. Worker threads take both.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=8', '--expose-gc'];
/**
 * Environment every server process starts with unless the caller's sets it (the README's systemd
 * unit has it too): glibc's malloc keeps one arena instead of up to eight a core, one per thread
 * that allocates (the folder's, the checkpointer's, libuv's pool, V8's helpers), each keeping the
 * pages it touched. The million-code bench's RSS max: 263 to 270 MB with glibc's default, 253
 * with two arenas, 246 with one, at the same ratio (docs/adr/2026-11-26-cold-scans.md). glibc
 * reads it at start, so it cannot be set from inside the process.
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '1' };
// A process's log is kept up to this many characters (the newest); a test may read all of it.
const MAX_OUTPUT = 1_000_000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the server and resolves once it is ready; throws (with the end of its log) when it
 * exits first or is not ready in time, and then leaves no process behind.
 * @param {import('./server-process.d.mts').ServerProcessOptions} [options]
 * @returns {Promise<import('./server-process.d.mts').ServerProcess>}
 */
export async function startServerProcess(options = {}) {
  const {
    env = {},
    argv = [...SERVER_NODE_FLAGS, SERVER_ENTRY],
    cwd = root,
    readyPath = '/readyz',
    timeoutMs = 60_000,
    inheritOutput = false,
    name = 'the server',
  } = options;
  const port = options.port ?? (await freePort());
  const child = spawn(process.execPath, argv, {
    cwd,
    env: { ...SERVER_ENV, ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: inheritOutput ? ['ignore', 'inherit', 'inherit'] : ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk) => {
    output += chunk.toString('utf8');
    if (output.length > MAX_OUTPUT) output = output.slice(-MAX_OUTPUT);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
  const running = () => child.exitCode === null && child.signalCode === null;

  const stop = async (signal = 'SIGTERM', graceMs = 20_000) => {
    if (running()) {
      child.kill(signal);
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    }
  };

  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (!running()) {
      throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}):\n${output.slice(-4000)}`);
    }
    try {
      if ((await fetch(`${base}${readyPath}`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop('SIGKILL');
      throw new Error(
        `${name} was not ready at ${base}${readyPath} within ${timeoutMs} ms:\n${output.slice(-4000)}`,
      );
    }
    await sleep(100);
  }
  return { child, port, base, output: () => output, exited, stop };
}
