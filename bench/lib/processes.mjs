// Child processes the benches start beside our server: the bare node:http peer, and stopping them.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { freePort } from '../../scripts/lib/ports.mjs';

/** Ends a child process with SIGTERM; answers once it has exited (at once if it already has). */
export function stopChild(child) {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
}

/** The peer: a bare node:http server in its own process, answering every request with a 302. */
export async function bareServer() {
  const port = await freePort();
  const source = `require('node:http').createServer((q, s) => {
    s.writeHead(302, { location: 'https://example.com/desktop', 'cache-control': 'no-store, private' });
    s.end();
  }).listen(${port}, '127.0.0.1', () => console.log('ready'));`;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return {
    origin: `http://127.0.0.1:${port}/`,
    url: `http://127.0.0.1:${port}/r/bench`,
    pid: child.pid,
    close: () => stopChild(child),
  };
}

/**
 * utime + stime of a process, in clock ticks (fields 14 and 15 of /proc/<pid>/stat); with
 * `mainThread`, of its main thread alone (the event loop, without libuv's pool and V8's helpers).
 */
export function cpuTicks(pid, { mainThread = false } = {}) {
  try {
    const file = mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`;
    const stat = fs.readFileSync(file, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined; // gone
  }
}
