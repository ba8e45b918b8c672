import { type ChildProcess, spawn } from 'node:child_process';
import { Resolver } from 'node:dns/promises';
import { once } from 'node:events';
import { waitFor } from './wait-for.js';

const DNSMASQ = '/usr/sbin/dnsmasq';

export interface DnsServer {
  /** `127.0.0.1:<port>`, for DNS_RESOLVER. */
  address: string;
  stop(): Promise<void>;
}

export interface DnsRecords {
  /** Domains dnsmasq answers for alone: a name under them that has no record is NXDOMAIN. */
  localDomains: string[];
  /** dnsmasq record options: `--txt-record=...`, `--cname=...`, `--host-record=...`, `--dns-rr=...`. */
  records: string[];
}

/**
 * A real DNS server (Debian's dnsmasq) on a loopback port, serving exactly `records`: no upstream,
 * no /etc/hosts, no configuration file. To change the records, stop it and start another.
 */
export async function startDnsmasq(port: number, { localDomains, records }: DnsRecords): Promise<DnsServer> {
  const child = spawn(
    DNSMASQ,
    [
      '--no-daemon',
      `--port=${port}`,
      '--listen-address=127.0.0.1',
      '--bind-interfaces',
      '--no-resolv',
      '--no-hosts',
      '--conf-file=/dev/null',
      '--pid-file=',
      ...localDomains.map((domain) => `--local=/${domain}/`),
      ...records,
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const address = `127.0.0.1:${port}`;
  await answering(child, address, () => stderr);
  return { address, stop: () => stop(child) };
}

/** Waits until the server answers a query (any answer, NXDOMAIN included). */
async function answering(child: ChildProcess, address: string, stderr: () => string): Promise<void> {
  const resolver = new Resolver({ timeout: 200, tries: 1 });
  resolver.setServers([address]);
  const answers = async () => {
    if (child.exitCode !== null) throw new Error(`dnsmasq exited (${child.exitCode}): ${stderr()}`);
    try {
      await resolver.resolveTxt('ready.invalid');
      return true;
    } catch (error) {
      const code = (error as { code?: string }).code;
      return code === 'ENOTFOUND' || code === 'ENODATA' || code === 'EREFUSED';
    }
  };
  try {
    await waitFor(answers, `dnsmasq to answer on ${address}`, { timeoutMs: 5_000, everyMs: 100 });
  } catch (error) {
    await stop(child);
    throw new Error(`${(error as Error).message}: ${stderr()}`);
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}
