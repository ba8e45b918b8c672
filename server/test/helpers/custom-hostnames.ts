import { request as httpRequest } from 'node:http';
import { expect } from 'vitest';
import { freePort } from '../../../scripts/lib/ports.mjs';
import type { TestApp } from './app.js';
import { startDnsmasq } from './dnsmasq.js';
import { emulatorHost } from './firebase.js';

/**
 * Tests of customers' own hostnames: the server set up to verify them through a DNS server of the
 * test's (dnsmasq on `dnsPort`), a hostname verified as a customer would, and a request with any
 * Host header on the real socket.
 */

/** Where customers point their names (EDGE_HOSTNAME). */
export const EDGE = 'edge.rq.example';

/** A free port for the test's DNS server, and the server's settings to ask it. */
export async function hostnameTestEnv(): Promise<{ dnsPort: number; env: Record<string, string> }> {
  const dnsPort = await freePort();
  return {
    dnsPort,
    env: {
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost(),
      PUBLIC_URL: 'https://app.rq.example',
      SHORT_URL: 'https://rq.link',
      EDGE_HOSTNAME: EDGE,
      DNS_RESOLVER: `127.0.0.1:${dnsPort}`,
    },
  };
}

/**
 * Adds `name` to the workspace of `headers` and, unless `verified` is false, verifies it: its DNS
 * (a CNAME to the edge and the TXT record asked for) is served while the check runs. Answers the
 * hostname as the API last showed it.
 */
export async function addHostname<T = { id: string; hostname: string; status: string }>(
  t: TestApp,
  dnsPort: number,
  headers: Record<string, string>,
  name: string,
  { verified = true } = {},
): Promise<T> {
  const added = await t.app.inject({
    method: 'POST',
    url: '/api/v1/hostnames',
    headers,
    payload: { hostname: name },
  });
  expect(added.statusCode, added.body).toBe(201);
  const host = added.json() as { id: string; verification: { name: string; value: string } };
  if (!verified) return host as T;
  const dns = await startDnsmasq(dnsPort, {
    localDomains: ['example.com'],
    records: [
      `--host-record=${EDGE},127.0.0.2`,
      `--txt-record=${host.verification.name},${host.verification.value}`,
      `--cname=${name},${EDGE}`,
    ],
  });
  try {
    const checked = await t.app.inject({
      method: 'POST',
      url: `/api/v1/hostnames/${host.id}/verify`,
      headers,
    });
    expect(checked.json()).toMatchObject({ status: 'verified' });
    return checked.json() as T;
  } finally {
    await dns.stop();
  }
}

export interface HostAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request with any Host header (fetch does not let a caller set one), on the real socket. */
export function sendToHost(
  base: string,
  path: string,
  host: string,
  method = 'GET',
  headers: Record<string, string> = {},
  body?: string,
): Promise<HostAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${base}${path}`, { method, headers: { host, ...headers } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body }),
      );
    });
    request.on('error', reject);
    request.end(body);
  });
}
