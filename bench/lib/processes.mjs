// Child processes the benches start beside our server: the bare node:http peer, and stopping them.
import { spawn } from 'node:child_process';
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
