import { promises as dns, type LookupAddress } from 'node:dns';
import http, { type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { AddressPolicy } from './address-policy.js';

/**
 * An HTTP client for server-side requests to URLs that users give us (exec URLs, logo URLs), guarded
 * against SSRF: such a URL must not let anyone reach our loopback, private networks or the cloud
 * metadata service. Which addresses are public, and what the allow-list opens, is
 * address-policy.ts; this file makes sure every connection goes only where that policy allows.
 *
 * - Only http and https.
 * - We resolve the name ourselves and check EVERY address it resolves to; one non-public address
 *   refuses the whole name (a name that answers both public and private is not trusted).
 * - The socket connects to exactly the addresses that were checked: the check runs inside the
 *   socket's `lookup` hook, so there is no second resolution a rebinding DNS server could answer
 *   differently. Every new connection is checked again; kept-alive sockets stay on their address.
 * - IP literals (`http://10.0.0.1/`, `http://[::1]/`, and `http://2130706433/`, which the URL parser
 *   turns into 127.0.0.1) are checked before connecting, since sockets never look literals up.
 * - Redirects are not followed unless asked for, and each hop is checked like the first URL.
 * - One deadline covers resolution, connect, TLS, headers and body; the body is size-capped.
 * - An allow-list of host names and IPs/CIDRs lets tests and self-hosters reach internal services.
 */

export type SafeFetchErrorReason =
  /** Not an absolute http(s) URL. */
  | 'bad_url'
  /** The host is, or resolves to, an address that is not public (or is a metadata host name). */
  | 'blocked_address'
  /** No complete response within the deadline. */
  | 'timeout'
  /** The body (or its Content-Length) is over the cap. */
  | 'too_large'
  /** The status is not accepted (by default: anything outside 2xx, including unfollowed redirects). */
  | 'bad_status'
  /** Name not found, connection refused or reset, TLS failure, malformed response. */
  | 'network';

export class SafeFetchError extends Error {
  constructor(
    readonly reason: SafeFetchErrorReason,
    message: string,
    /** The response status, for `bad_status`. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SafeFetchError';
  }
}

/** Resolves a host name to every address it has (the default is the system resolver, `dns.lookup`). */
export type Resolver = (hostname: string) => Promise<readonly LookupAddress[]>;

export const systemResolver: Resolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

const dnsServers = new dns.Resolver({ timeout: 1_000, tries: 2 });

/**
 * Asks the system's DNS servers directly (A and AAAA, c-ares), not getaddrinfo: for checks made
 * while a user waits. getaddrinfo runs on libuv's four shared threads and can stall for 5 s
 * when a server drops one of its parallel A/AAAA queries (seen on CI's resolver), so a few slow
 * names would hold the file system and crypto work of the whole process. It skips /etc/hosts:
 * use it where the connection itself is checked again (the safe fetcher resolves with
 * `systemResolver` when it connects).
 */
export const dnsServerResolver: Resolver = async (hostname) => {
  const answers = await Promise.allSettled([dnsServers.resolve4(hostname), dnsServers.resolve6(hostname)]);
  const found = answers.flatMap((answer, index) =>
    answer.status === 'fulfilled'
      ? answer.value.map((address) => ({ address, family: index === 0 ? 4 : 6 }))
      : [],
  );
  if (found.length === 0 && answers[0].status === 'rejected') throw answers[0].reason;
  return found;
};

export interface SafeFetchPolicy {
  /**
   * Hosts and networks reachable even though they are not public: host names (`billing.internal`,
   * or `*.svc.cluster.local` for a suffix), IPs (`127.0.0.1`, `::1`) or CIDRs (`10.0.0.0/8`).
   */
  allow?: readonly string[];
  /** Name resolution; tests inject one to simulate DNS answers. */
  resolve?: Resolver;
  /** Keep connections open for reuse per origin (default true). */
  keepAlive?: boolean;
}

export interface SafeRequest {
  method?: 'GET' | 'POST' | 'HEAD';
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** The deadline for the whole exchange, redirects included. */
  timeoutMs: number;
  /** The largest body accepted, in bytes. */
  maxBytes: number;
  /**
   * What a longer body does: `fail` (default) is `too_large`; `truncate` keeps its first
   * `maxBytes` and stops reading (a webhook's answer is only logged).
   */
  overLimit?: 'fail' | 'truncate';
  /** How many redirects to follow, each checked like the first URL (default 0: none). */
  maxRedirects?: number;
  /** Which statuses are a success (default 2xx); others are `bad_status`. */
  acceptStatus?: (status: number) => boolean;
}

export interface SafeResponse {
  /** The URL that answered (after any followed redirects). */
  url: string;
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** Whether the body was cut at `maxBytes` (`overLimit: 'truncate'`). */
  truncated: boolean;
  /** The address the answering socket was connected to. */
  remoteAddress: string;
}

export interface SafeFetcher {
  fetch(url: string | URL, request: SafeRequest): Promise<SafeResponse>;
  /** Closes the kept-alive connections. */
  close(): void;
}

// ---------------------------------------------------------------------------------------------
// Checked resolution

/** Throws `blocked_address` unless every address may be reached for this host name. */
function checkAddresses(hostname: string, addresses: readonly LookupAddress[], policy: AddressPolicy): void {
  const refusal = policy.addressRefusal(
    hostname,
    addresses.map(({ address }) => address),
  );
  if (refusal !== null) throw new SafeFetchError('blocked_address', refusal);
}

/**
 * The socket `lookup` hook: resolves, checks every address, and hands the socket exactly the
 * checked addresses, so what is connected to is what was checked.
 */
export function guardedLookup(resolve: Resolver, policy = new AddressPolicy()): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        try {
          if (found.length === 0) throw new SafeFetchError('network', `${hostname} has no addresses`);
          checkAddresses(hostname, found, policy);
          const family = options.family === 4 || options.family === 6 ? options.family : 0;
          const usable = family === 0 ? found : found.filter((entry) => entry.family === family);
          const first = usable[0];
          if (!first) throw new SafeFetchError('network', `${hostname} has no IPv${family} address`);
          if (options.all)
            callback(
              null,
              usable.map(({ address, family }) => ({ address, family })),
            );
          else callback(null, first.address, first.family);
        } catch (error) {
          callback(error as NodeJS.ErrnoException, '', 0);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

// ---------------------------------------------------------------------------------------------
// The client

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const isSuccess = (status: number): boolean => status >= 200 && status < 300;

/** Creates a client with its own connection pools; the policy applies to every request it makes. */
export function createSafeFetcher(policy: SafeFetchPolicy = {}): SafeFetcher {
  const addressPolicy = new AddressPolicy(policy.allow ?? []);
  const lookup = guardedLookup(policy.resolve ?? systemResolver, addressPolicy);
  const keepAlive = policy.keepAlive ?? true;
  // Idle sockets close after 30 s; the most recently used one is reused first, so few stay open.
  const agentOptions: http.AgentOptions = {
    keepAlive,
    maxSockets: 256,
    maxFreeSockets: 32,
    timeout: 30_000,
    scheduling: 'lifo',
  };
  const agents = { 'http:': new http.Agent(agentOptions), 'https:': new https.Agent(agentOptions) };

  /** Checks what can be checked before connecting: the scheme, IP literals, metadata names. */
  function checkUrl(raw: string | URL): URL {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw new SafeFetchError('bad_url', `not an absolute URL: ${String(raw).slice(0, 200)}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new SafeFetchError('bad_url', `only http and https URLs are fetched, not ${url.protocol}`);
    }
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (host === '') throw new SafeFetchError('bad_url', 'the URL has no host');
    const refusal =
      isIP(host) !== 0 ? addressPolicy.addressRefusal(host, [host]) : addressPolicy.hostNameRefusal(host);
    if (refusal !== null) throw new SafeFetchError('blocked_address', refusal);
    return url;
  }

  /** Sends one request and resolves once the response headers are in. */
  function exchange(
    url: URL,
    request: SafeRequest,
    method: string,
    body: string | Uint8Array | undefined,
    signal: AbortSignal,
    retried = false,
  ): Promise<IncomingMessage> {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const headers: Record<string, string> = { 'user-agent': 'RQ-Codes/1', ...request.headers };
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const options: https.RequestOptions = {
      protocol: url.protocol,
      hostname: host,
      port: url.port === '' ? undefined : Number(url.port),
      path: `${url.pathname}${url.search}`,
      method,
      headers,
      agent: agents[url.protocol as 'http:' | 'https:'],
      lookup,
      signal,
      ...(url.username || url.password
        ? { auth: `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}` }
        : {}),
    };
    return new Promise((resolve, reject) => {
      const req = (url.protocol === 'https:' ? https : http).request(options, resolve);
      req.on('error', (error: NodeJS.ErrnoException) => {
        // A kept-alive socket the server closed just as we reused it: nothing was processed, so
        // one retry on a fresh connection is safe (the documented Node.js pattern).
        if (!retried && req.reusedSocket && error.code === 'ECONNRESET' && !signal.aborted) {
          exchange(url, request, method, body, signal, true).then(resolve, reject);
        } else {
          reject(error);
        }
      });
      req.end(body);
    });
  }

  function readBody(
    response: IncomingMessage,
    maxBytes: number,
    signal: AbortSignal,
    truncate: boolean,
  ): Promise<{ body: Buffer; truncated: boolean }> {
    const declared = Number(response.headers['content-length']);
    if (!truncate && Number.isFinite(declared) && declared > maxBytes) {
      response.destroy();
      return Promise.reject(
        new SafeFetchError('too_large', `the body is ${declared} bytes, over ${maxBytes}`),
      );
    }
    return new Promise((resolve, reject) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const onAbort = () => response.destroy(signal.reason as Error);
      signal.addEventListener('abort', onAbort, { once: true });
      response.on('data', (chunk: Buffer) => {
        if (size + chunk.length > maxBytes && truncate) {
          chunks.push(chunk.subarray(0, maxBytes - size));
          signal.removeEventListener('abort', onAbort);
          resolve({ body: Buffer.concat(chunks, maxBytes), truncated: true });
          response.destroy();
          return;
        }
        size += chunk.length;
        if (size > maxBytes) {
          response.destroy(new SafeFetchError('too_large', `the body is over ${maxBytes} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => {
        signal.removeEventListener('abort', onAbort);
        resolve({ body: Buffer.concat(chunks, size), truncated: false });
      });
      response.on('error', (error) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      });
      response.on('close', () => {
        if (!response.complete) reject(new SafeFetchError('network', 'the response was cut off'));
      });
    });
  }

  function asSafeError(error: unknown, signal: AbortSignal): SafeFetchError {
    if (signal.aborted && signal.reason instanceof SafeFetchError) return signal.reason;
    if (error instanceof SafeFetchError) return error;
    const { code, message } = error as NodeJS.ErrnoException;
    return new SafeFetchError('network', code ? `${code}: ${message}` : message);
  }

  async function fetch(input: string | URL, request: SafeRequest): Promise<SafeResponse> {
    const controller = new AbortController();
    const timer = setTimeout(
      () =>
        controller.abort(new SafeFetchError('timeout', `no complete answer within ${request.timeoutMs} ms`)),
      request.timeoutMs,
    );
    const { signal } = controller;
    const accept = request.acceptStatus ?? isSuccess;
    try {
      let url = checkUrl(input);
      let method = request.method ?? 'GET';
      let body = request.body;
      for (let redirects = 0; ; redirects++) {
        const response = await exchange(url, request, method, body, signal);
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (REDIRECT_STATUSES.has(status) && location && redirects < (request.maxRedirects ?? 0)) {
          response.destroy();
          const next = URL.parse(location, url.href);
          if (!next)
            throw new SafeFetchError('bad_url', `unusable redirect location: ${location.slice(0, 200)}`);
          url = checkUrl(next);
          if (status === 303 || ((status === 301 || status === 302) && method === 'POST')) {
            method = 'GET';
            body = undefined;
          }
          continue;
        }
        if (!accept(status)) {
          response.destroy();
          throw new SafeFetchError('bad_status', `the server answered ${status}`, status);
        }
        const remoteAddress = response.socket?.remoteAddress ?? '';
        const { body: content, truncated } = await readBody(
          response,
          request.maxBytes,
          signal,
          request.overLimit === 'truncate',
        );
        return { url: url.href, status, headers: response.headers, body: content, truncated, remoteAddress };
      }
    } catch (error) {
      throw asSafeError(error, signal);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    fetch,
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}

const shared = new Map<string, SafeFetcher>();

/**
 * The process-wide client for an allow-list (system resolver, kept-alive connections), so
 * repeated requests to one origin reuse their connection.
 */
export function sharedSafeFetcher(allow: readonly string[] = []): SafeFetcher {
  const key = allow.join(',');
  let fetcher = shared.get(key);
  if (!fetcher) {
    fetcher = createSafeFetcher({ allow });
    shared.set(key, fetcher);
  }
  return fetcher;
}

/** One guarded request through the shared client for `allow`. */
export function safeFetch(
  url: string | URL,
  request: SafeRequest,
  allow: readonly string[] = [],
): Promise<SafeResponse> {
  return sharedSafeFetcher(allow).fetch(url, request);
}
