import { hostname, networkInterfaces } from 'node:os';
import type { Config } from '../config.js';
import { type OwnShortUrlTest, ownShortUrlTest } from './http-url.js';

/**
 * The names and addresses this machine answers on: every interface's address, its host name and
 * `localhost`. Read once when a module starts; a redirect to any of them reaches this server.
 */
function machineHosts(): string[] {
  const addresses = Object.values(networkInterfaces()).flatMap((entries) =>
    (entries ?? []).map((entry) => entry.address),
  );
  return ['localhost', hostname(), ...addresses];
}

/** The loop guard for this server's configuration: which target URLs are our own short URLs. */
export function ownShortUrlTestFor(config: Pick<Config, 'publicUrl' | 'shortUrl' | 'port'>): OwnShortUrlTest {
  return ownShortUrlTest(config.publicUrl, config.shortUrl, { hosts: machineHosts(), ports: [config.port] });
}
