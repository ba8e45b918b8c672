import type { LookupAddress } from 'node:dns';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createSafeFetcher,
  guardedLookup,
  type Resolver,
  SafeFetchError,
  type SafeFetchErrorReason,
  type SafeFetcher,
} from './safe-fetch.js';

interface TestServer {
  port: number;
  url: string;
  hits: number;
  connections: number;
  close(): Promise<void>;
}

const cleanup: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** A real HTTP server on the loopback interface, closed after the test. */
async function serve(
  handler: http.RequestListener = (_req, res) => res.end('hello'),
  host = '127.0.0.1',
  port = 0,
): Promise<TestServer> {
  const server = http.createServer((req, res) => {
    state.hits++;
    handler(req, res);
  });
  server.on('connection', () => state.connections++);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const actualPort = (server.address() as AddressInfo).port;
  const state: TestServer = {
    port: actualPort,
    url: `http://${host}:${actualPort}`,
    hits: 0,
    connections: 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  cleanup.push(() => state.close());
  return state;
}

function fetcher(policy: Parameters<typeof createSafeFetcher>[0] = {}): SafeFetcher {
  const created = createSafeFetcher(policy);
  cleanup.push(() => created.close());
  return created;
}

async function failure(promise: Promise<unknown>): Promise<SafeFetchError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(SafeFetchError);
    return error as SafeFetchError;
  }
  throw new Error('expected the fetch to fail');
}

async function reasonOf(promise: Promise<unknown>): Promise<SafeFetchErrorReason> {
  return (await failure(promise)).reason;
}

const GET = { timeoutMs: 2000, maxBytes: 1024 };

/** A resolver that answers from a table and counts its calls. */
function fakeDns(answers: (name: string, call: number) => string[]): Resolver & { calls: number } {
  const resolver = Object.assign(
    async (name: string): Promise<LookupAddress[]> => {
      resolver.calls++;
      return answers(name, resolver.calls).map((address) => ({
        address,
        family: address.includes(':') ? 6 : 4,
      }));
    },
    { calls: 0 },
  );
  return resolver;
}

describe('safe fetch refuses non-public destinations', () => {
  it.each([
    ['loopback literal', (port: number) => `http://127.0.0.1:${port}/`],
    ['another loopback literal', (port: number) => `http://127.0.0.2:${port}/`],
    ['IPv6 loopback', (port: number) => `http://[::1]:${port}/`],
    ['IPv4-mapped IPv6 loopback', (port: number) => `http://[::ffff:127.0.0.1]:${port}/`],
    ['decimal IPv4', (port: number) => `http://2130706433:${port}/`],
    ['hexadecimal IPv4', (port: number) => `http://0x7f000001:${port}/`],
    ['octal and short IPv4', (port: number) => `http://0177.1:${port}/`],
    ['the unspecified address', (port: number) => `http://0.0.0.0:${port}/`],
    ['a name resolving to loopback (localhost)', (port: number) => `http://localhost:${port}/`],
  ])('%s', async (_name, makeUrl) => {
    const server = await serve();
    const error = await failure(fetcher().fetch(makeUrl(server.port), GET));
    expect(error.reason).toBe('blocked_address');
    expect(server.hits).toBe(0);
    expect(server.connections).toBe(0);
  });

  it.each([
    'http://10.0.0.1/',
    'http://172.16.0.1/',
    'http://192.168.0.1/',
    'http://100.64.0.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/latest/meta-data/',
    'http://[fe80::1]/',
    'https://[::ffff:a9fe:a9fe]/',
    'http://metadata.google.internal/computeMetadata/v1/',
    'http://metadata/',
    'http://anything.internal/',
  ])('%s', async (url) => {
    const resolver = fakeDns(() => ['93.184.216.34']);
    expect(await reasonOf(fetcher({ resolve: resolver }).fetch(url, GET))).toBe('blocked_address');
    expect(resolver.calls).toBe(0);
  });

  it('refuses a name whose DNS answers a private address', async () => {
    const resolver = fakeDns(() => ['10.0.0.1']);
    const error = await failure(fetcher({ resolve: resolver }).fetch('http://innocent.example/', GET));
    expect(error.reason).toBe('blocked_address');
    expect(error.message).toContain('innocent.example resolves to 10.0.0.1');
  });

  it('refuses a name when any one of its addresses is not public', async () => {
    const resolver = fakeDns(() => ['93.184.216.34', '2606:4700::1111', '169.254.169.254']);
    expect(await reasonOf(fetcher({ resolve: resolver }).fetch('http://mixed.example/', GET))).toBe(
      'blocked_address',
    );
  });

  it('refuses schemes other than http and https', async () => {
    const safe = fetcher();
    for (const url of [
      'ftp://example.com/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'gopher://x/',
      'nope',
    ]) {
      expect(await reasonOf(safe.fetch(url, GET))).toBe('bad_url');
    }
  });
});

describe('the resolved address is the connected address', () => {
  it('hands the socket exactly the checked public addresses', async () => {
    const lookup = guardedLookup(fakeDns(() => ['93.184.216.34', '2606:4700::1111']));
    const single = await new Promise<[string, number | undefined]>((resolve, reject) =>
      lookup('public.example', {}, (error, address, family) =>
        error ? reject(error) : resolve([address as string, family]),
      ),
    );
    expect(single).toEqual(['93.184.216.34', 4]);
    const all = await new Promise<unknown>((resolve, reject) =>
      lookup('public.example', { all: true }, (error, addresses) =>
        error ? reject(error) : resolve(addresses),
      ),
    );
    expect(all).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:4700::1111', family: 6 },
    ]);
    const v6 = await new Promise<unknown>((resolve, reject) =>
      lookup('public.example', { family: 6 }, (error, address) => (error ? reject(error) : resolve(address))),
    );
    expect(v6).toBe('2606:4700::1111');
  });

  it('passes a private answer to the socket as an error, never as an address', async () => {
    const lookup = guardedLookup(fakeDns(() => ['93.184.216.34', '10.1.2.3']));
    const error = await new Promise<unknown>((resolve) => lookup('mixed.example', { all: true }, resolve));
    expect(error).toBeInstanceOf(SafeFetchError);
    expect((error as SafeFetchError).reason).toBe('blocked_address');
  });

  it('resolves once per connection: a rebinding answer after the check is never used', async () => {
    const good = await serve((_req, res) => res.end('checked'));
    const trap = await serve((_req, res) => res.end('rebound'), '127.0.0.2', good.port);
    // The first answer passes (127.0.0.1 is allow-listed), later answers point elsewhere.
    const resolver = fakeDns((_name, call) => [call === 1 ? '127.0.0.1' : '127.0.0.2']);
    const safe = fetcher({ resolve: resolver, allow: ['127.0.0.1'], keepAlive: false });
    const url = `http://rebind.example:${good.port}/`;

    const first = await safe.fetch(url, GET);
    expect(first.body.toString()).toBe('checked');
    expect(first.remoteAddress).toBe('127.0.0.1');
    expect(resolver.calls).toBe(1);

    // A new connection is checked again and the rebound answer is refused.
    expect(await reasonOf(safe.fetch(url, GET))).toBe('blocked_address');
    expect(resolver.calls).toBe(2);
    expect(trap.hits).toBe(0);
    expect(good.hits).toBe(1);
  });

  it('keeps a checked connection alive and reuses it without resolving again', async () => {
    const good = await serve((_req, res) => res.end('checked'));
    const trap = await serve((_req, res) => res.end('rebound'), '127.0.0.2', good.port);
    const resolver = fakeDns((_name, call) => [call === 1 ? '127.0.0.1' : '127.0.0.2']);
    const safe = fetcher({ resolve: resolver, allow: ['127.0.0.1'] });
    const url = `http://rebind.example:${good.port}/`;
    for (let i = 0; i < 3; i++) expect((await safe.fetch(url, GET)).body.toString()).toBe('checked');
    expect(resolver.calls).toBe(1);
    expect(good.connections).toBe(1);
    expect(trap.hits).toBe(0);
  });

  it('a public first answer and a private second: connects only to the first (or fails), never the second', async () => {
    const trap = await serve();
    const resolver = fakeDns((_name, call) => [call === 1 ? '93.184.216.34' : '127.0.0.1']);
    const safe = fetcher({ resolve: resolver });
    // The public address cannot be reached from the test machine: a network error or the deadline.
    const reason = await reasonOf(
      safe.fetch(`http://rebind.example:${trap.port}/`, { ...GET, timeoutMs: 300 }),
    );
    expect(['network', 'timeout']).toContain(reason);
    expect(resolver.calls).toBe(1);
    expect(trap.hits).toBe(0);
  });
});

describe('the allow-list', () => {
  it('reaches an allow-listed IP', async () => {
    const server = await serve((req, res) => res.end(`${req.method} ${req.url}`));
    const response = await fetcher({ allow: ['127.0.0.1'] }).fetch(`${server.url}/path?q=1`, GET);
    expect(response.status).toBe(200);
    expect(response.body.toString()).toBe('GET /path?q=1');
    expect(response.remoteAddress).toBe('127.0.0.1');
  });

  it('reaches an allow-listed network, IPv4-mapped forms included', async () => {
    const server = await serve();
    const safe = fetcher({ allow: ['127.0.0.0/8'] });
    expect((await safe.fetch(`http://[::ffff:127.0.0.1]:${server.port}/`, GET)).status).toBe(200);
    expect((await safe.fetch(`http://2130706433:${server.port}/`, GET)).status).toBe(200);
  });

  it('reaches an allow-listed host name whatever it resolves to', async () => {
    const server = await serve((req, res) => res.end(req.headers.host));
    const resolver = fakeDns(() => ['127.0.0.1']);
    const safe = fetcher({ resolve: resolver, allow: ['exec.internal'] });
    const response = await safe.fetch(`http://exec.internal:${server.port}/`, GET);
    expect(response.body.toString()).toBe(`exec.internal:${server.port}`);
    const other = fetcher({ resolve: resolver, allow: ['*.svc.test'] });
    expect((await other.fetch(`http://a.b.svc.test:${server.port}/`, GET)).status).toBe(200);
    expect(await reasonOf(other.fetch(`http://svc.test.evil:${server.port}/`, GET))).toBe('blocked_address');
  });

  it('does not open other private addresses', async () => {
    const safe = fetcher({ allow: ['127.0.0.1'] });
    expect(await reasonOf(safe.fetch('http://10.0.0.1/', GET))).toBe('blocked_address');
    expect(await reasonOf(safe.fetch('http://127.0.0.2/', GET))).toBe('blocked_address');
  });

  it('refuses an invalid entry when the client is created', () => {
    expect(() => createSafeFetcher({ allow: ['10.0.0.0/99'] })).toThrow(/allow-list/);
  });
});

describe('responses', () => {
  const allowed = () => fetcher({ allow: ['127.0.0.1'] });

  it('sends the method, headers and body', async () => {
    const server = await serve((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () =>
        res.end(JSON.stringify({ method: req.method, type: req.headers['content-type'], body })),
      );
    });
    const response = await allowed().fetch(server.url, {
      ...GET,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    expect(JSON.parse(response.body.toString())).toEqual({
      method: 'POST',
      type: 'application/json',
      body: '{"a":1}',
    });
  });

  it('gives bad_status for a 500, with the status', async () => {
    const server = await serve((_req, res) => {
      res.statusCode = 500;
      res.end('boom');
    });
    const error = await failure(allowed().fetch(server.url, GET));
    expect(error.reason).toBe('bad_status');
    expect(error.status).toBe(500);
  });

  it('times out on a server that never answers', async () => {
    const server = await serve(() => {});
    expect(await reasonOf(allowed().fetch(server.url, { ...GET, timeoutMs: 200 }))).toBe('timeout');
  });

  it('times out on a body that stalls after the headers', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('partial');
    });
    expect(await reasonOf(allowed().fetch(server.url, { ...GET, timeoutMs: 200 }))).toBe('timeout');
  });

  it('refuses a declared length over the cap', async () => {
    const server = await serve((_req, res) => res.end('x'.repeat(2000)));
    expect(await reasonOf(allowed().fetch(server.url, GET))).toBe('too_large');
  });

  it('refuses a streamed body over the cap', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(200, { 'transfer-encoding': 'chunked' });
      for (let i = 0; i < 20; i++) res.write('x'.repeat(100));
      res.end();
    });
    expect(await reasonOf(allowed().fetch(server.url, GET))).toBe('too_large');
  });

  it('gives network for a refused connection', async () => {
    const server = await serve();
    await server.close();
    expect(await reasonOf(allowed().fetch(server.url, GET))).toBe('network');
  });

  it('gives network for a name that does not resolve', async () => {
    const resolver: Resolver = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND nowhere.example'), { code: 'ENOTFOUND' });
    };
    expect(await reasonOf(fetcher({ resolve: resolver }).fetch('http://nowhere.example/', GET))).toBe(
      'network',
    );
  });
});

describe('redirects', () => {
  it('are not followed by default', async () => {
    const server = await serve((_req, res) => {
      res.writeHead(302, { location: '/elsewhere' });
      res.end();
    });
    const error = await failure(fetcher({ allow: ['127.0.0.1'] }).fetch(server.url, GET));
    expect(error.reason).toBe('bad_status');
    expect(error.status).toBe(302);
  });

  it('are followed up to the limit, each hop checked', async () => {
    const server = await serve((req, res) => {
      if (req.url === '/a') res.writeHead(302, { location: '/b' }).end();
      else if (req.url === '/b') res.writeHead(307, { location: '/c' }).end();
      else if (req.url === '/metadata') res.writeHead(302, { location: 'http://169.254.169.254/' }).end();
      else if (req.url === '/broken') res.writeHead(302, { location: 'http://[oops/' }).end();
      else res.end(`at ${req.url}`);
    });
    const safe = fetcher({ allow: ['127.0.0.1'] });
    const response = await safe.fetch(`${server.url}/a`, { ...GET, maxRedirects: 2 });
    expect(response.body.toString()).toBe('at /c');
    expect(response.url).toBe(`${server.url}/c`);
    expect(await reasonOf(safe.fetch(`${server.url}/a`, { ...GET, maxRedirects: 1 }))).toBe('bad_status');
    expect(await reasonOf(safe.fetch(`${server.url}/metadata`, { ...GET, maxRedirects: 5 }))).toBe(
      'blocked_address',
    );
    expect(await reasonOf(safe.fetch(`${server.url}/broken`, { ...GET, maxRedirects: 5 }))).toBe('bad_url');
  });
});
