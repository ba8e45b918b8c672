import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { freePort } from '../scripts/lib/ports.mjs';
import { type DnsServer, startDnsmasq } from '../server/test/helpers/dnsmasq.js';

/** The domain the browser tests' hostnames live under; dnsmasq alone answers for it (no upstream). */
export const E2E_DNS_DOMAIN = 'rq-e2e.test';

/** The edge host the server tells customers to point their CNAME at (EDGE_HOSTNAME). */
export const E2E_EDGE_HOSTNAME = 'edge.rq.test';

/** The edge host resolves, as a real one would: dnsmasq serves a CNAME only to a target it knows. */
const EDGE_RECORD = `--host-record=${E2E_EDGE_HOSTNAME},127.0.0.2`;

export interface DnsHarness {
  /** `127.0.0.1:<port>`: the server's DNS_RESOLVER. */
  address: string;
  port: number;
  /** Where a spec POSTs `{ "records": [...] }` to restart dnsmasq on the same port with them. */
  controlUrl: string;
  stop(): Promise<void>;
}

/**
 * A real dnsmasq on a loopback UDP port for the server to verify hostnames against. dnsmasq reads
 * its records only when it starts, so a spec changes them through a small loopback HTTP endpoint
 * that restarts it on the same port: the global setup's process owns every dnsmasq it starts and
 * stops the last one at teardown, even when a spec fails halfway.
 */
export async function startDnsHarness(): Promise<DnsHarness> {
  const port = await freePort();
  let dns: DnsServer = await startDnsmasq(port, { localDomains: [E2E_DNS_DOMAIN], records: [EDGE_RECORD] });
  // One restart at a time: two overlapping ones would race for the port.
  let restarting: Promise<unknown> = Promise.resolve();

  const restart = (records: string[]) => {
    const next = restarting.then(async () => {
      await dns.stop();
      dns = await startDnsmasq(port, { localDomains: [E2E_DNS_DOMAIN], records: [EDGE_RECORD, ...records] });
    });
    restarting = next.catch(() => undefined);
    return next;
  };

  const control: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString('utf8');
    });
    request.on('end', () => {
      const records = parseRecords(request.method, body);
      if (!records) {
        response.writeHead(400).end('POST { "records": ["--txt-record=...", ...] }');
        return;
      }
      restart(records).then(
        () => response.writeHead(204).end(),
        (error: unknown) => response.writeHead(500).end(String(error)),
      );
    });
  });
  control.listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => control.once('listening', () => resolve()));
  const { port: controlPort } = control.address() as AddressInfo;

  return {
    address: `127.0.0.1:${port}`,
    port,
    controlUrl: `http://127.0.0.1:${controlPort}/records`,
    async stop() {
      await new Promise<void>((resolve) => control.close(() => resolve()));
      await restarting;
      await dns.stop();
    },
  };
}

/** Only dnsmasq record options pass: the endpoint never starts dnsmasq with other flags. */
function parseRecords(method: string | undefined, body: string): string[] | null {
  if (method !== 'POST') return null;
  try {
    const { records } = JSON.parse(body) as { records?: unknown };
    if (!Array.isArray(records)) return null;
    const allowed = /^--(txt-record|cname|host-record|dns-rr)=[^\s]+$/;
    return records.every((record) => typeof record === 'string' && allowed.test(record)) ? records : null;
  } catch {
    return null;
  }
}

/**
 * From a spec: restart the test DNS server with exactly these records (dnsmasq options such as
 * `--txt-record=_rq-challenge.a.rq-e2e.test,rq-verify=...` or `--cname=a.rq-e2e.test,edge.rq.test`).
 */
export async function publishDnsRecords(records: string[]): Promise<void> {
  const url = process.env.RQ_E2E_DNS_CONTROL;
  if (!url) throw new Error('RQ_E2E_DNS_CONTROL is not set: run the tests with `npx playwright test`');
  const response = await fetch(url, { method: 'POST', body: JSON.stringify({ records }) });
  if (response.status !== 204)
    throw new Error(`the DNS harness answered ${response.status}: ${await response.text()}`);
}
