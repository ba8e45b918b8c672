// wrk as the benches run it: one thread, a browser user agent, and its summary read back.
import { spawn, spawnSync } from 'node:child_process';
import { BROWSER_USER_AGENT } from './bench-code.mjs';

/** Exits the bench with a hint when wrk is not installed. */
export function requireWrk() {
  if (spawnSync('wrk', ['--version']).error) {
    console.error('wrk is not installed: apt-get install -y wrk');
    process.exit(1);
  }
}

/**
 * wrk's summary: the rate of requests answered, how many, their median and 99th percentile latency
 * (`--latency`), and the requests it gave up on after its timeout (2 s unless `timeout` says).
 * `host` sends the request to that name (a custom hostname) instead of the URL's; `script` is a
 * Lua file choosing each request's path; `headers` are sent with every request. Asynchronous, so the caller's timers run meanwhile.
 * Throws when any answer was not a 2xx or 3xx.
 */
export async function runWrk(url, { duration, connections = 50, host, script, timeout, headers = {} } = {}) {
  const args = [
    '-t',
    '1',
    '-c',
    String(connections),
    '-d',
    duration,
    ...(timeout ? ['--timeout', timeout] : []),
    '--latency',
    '-H',
    `User-Agent: ${BROWSER_USER_AGENT}`,
    ...(host ? ['-H', `Host: ${host}`] : []),
    ...Object.entries(headers).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
    ...(script ? ['-s', script] : []),
    url,
  ];
  const out = await new Promise((resolve, reject) => {
    const child = spawn('wrk', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.on('error', reject);
    child.on('close', () => resolve(stdout));
  });
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  const latency = (percent) => {
    const match = new RegExp(`${percent}%\\s+([\\d.]+)(us|ms|s)`).exec(out);
    return match ? Number(match[1]) * { us: 0.001, ms: 1, s: 1000 }[match[2]] : Number.NaN;
  };
  const errors = /Non-2xx or 3xx responses: (\d+)/.exec(out);
  if (errors) throw new Error(`wrk saw ${errors[1]} failed responses:\n${out}`);
  const timeouts = Number(/Socket errors:.*timeout (\d+)/.exec(out)?.[1] ?? 0);
  return { rps, requests, p50ms: latency(50), p99ms: latency(99), timeouts };
}
