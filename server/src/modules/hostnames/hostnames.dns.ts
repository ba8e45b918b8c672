import { Resolver } from 'node:dns/promises';
import { BlockList, isIPv6 } from 'node:net';

/** Why a check did not verify, in terms of what DNS answered. */
export interface VerificationFailure {
  code: 'txt_missing' | 'txt_mismatch' | 'routing_mismatch' | 'nxdomain' | 'caa_forbids' | 'resolver_timeout';
  detail: string;
  seen?: string[];
  expected?: string;
}

export interface DnsCheckSettings {
  /** `host:port` of the DNS server to ask; undefined: the system's resolvers. */
  resolver: string | undefined;
  /** The name the hostname's CNAME must point at. */
  edgeHostname: string;
  /** The edge's addresses: an apex name (which cannot be a CNAME) may point A/AAAA records at them. */
  edgeAddresses: readonly string[];
  /** The CA that must be allowed by CAA records, if the name has any. */
  tlsCaDomain: string;
  timeoutMs: number;
}

export interface DnsCheckRequest {
  hostname: string;
  txtName: string;
  txtValue: string;
}

class ResolverUnanswered extends Error {}

function codeOf(error: unknown): string {
  return (error as { code?: string }).code ?? '';
}

/** A lookup's records; [] when DNS says there are none; throws ResolverUnanswered when it did not say. */
async function lookup<T>(name: string, query: () => Promise<T[]>): Promise<T[] | 'nxdomain'> {
  try {
    return await query();
  } catch (error) {
    const code = codeOf(error);
    if (code === 'ENOTFOUND') return 'nxdomain';
    if (code === 'ENODATA') return [];
    // A timeout, a refused connection or query, a server failure: DNS said nothing about the name.
    throw new ResolverUnanswered(`The DNS resolver gave no answer for ${name} (${code || 'error'}).`);
  }
}

/**
 * Checks a hostname's records now: the TXT record proves the domain is the account's, the CNAME
 * sends scans to the edge, and CAA (if any) must let our CA issue certificates. Answers null when
 * everything is in place, else the first problem found, with what DNS answered.
 */
export async function checkHostnameDns(
  request: DnsCheckRequest,
  settings: DnsCheckSettings,
): Promise<VerificationFailure | null> {
  const resolver = new Resolver({ timeout: settings.timeoutMs, tries: 1 });
  if (settings.resolver) resolver.setServers([settings.resolver]);
  try {
    return await checkRecords(resolver, request, settings);
  } catch (error) {
    if (!(error instanceof ResolverUnanswered)) throw error;
    return { code: 'resolver_timeout', detail: error.message };
  }
}

async function checkRecords(
  resolver: Resolver,
  request: DnsCheckRequest,
  settings: DnsCheckSettings,
): Promise<VerificationFailure | null> {
  const { hostname, txtName, txtValue } = request;
  const cnames = await lookup(hostname, () => resolver.resolveCname(hostname));
  const txt = await lookup(txtName, () => resolver.resolveTxt(txtName));
  if (cnames === 'nxdomain' && txt === 'nxdomain') {
    return { code: 'nxdomain', detail: `${hostname} does not exist in DNS (NXDOMAIN).` };
  }
  const txtFailure = checkTxt(txt === 'nxdomain' ? [] : txt, txtName, txtValue);
  if (txtFailure) return txtFailure;
  const routingFailure = await checkRouting(resolver, hostname, cnames, settings);
  if (routingFailure) return routingFailure;
  return checkCaa(resolver, hostname, settings.tlsCaDomain);
}

function checkTxt(records: string[][], txtName: string, expected: string): VerificationFailure | null {
  // A TXT record may be split into several strings; they are one value joined.
  const values = records.map((chunks) => chunks.join(''));
  if (values.includes(expected)) return null;
  if (values.length === 0) {
    return { code: 'txt_missing', detail: `No TXT record at ${txtName}.`, expected };
  }
  return {
    code: 'txt_mismatch',
    detail: `The TXT record at ${txtName} does not hold the expected value.`,
    seen: values,
    expected,
  };
}

async function checkRouting(
  resolver: Resolver,
  hostname: string,
  cnames: string[] | 'nxdomain',
  settings: DnsCheckSettings,
): Promise<VerificationFailure | null> {
  const edge = settings.edgeHostname;
  const targets = cnames === 'nxdomain' ? [] : cnames.map((name) => name.toLowerCase().replace(/\.$/, ''));
  if (targets.includes(edge)) return null;
  if (targets.length > 0) {
    return {
      code: 'routing_mismatch',
      detail: `${hostname} is a CNAME for ${targets.join(', ')}, not ${edge}.`,
      seen: targets,
      expected: edge,
    };
  }
  const addresses = await addressesOf(resolver, hostname);
  if (addresses.length > 0 && addresses.every(isEdgeAddress(settings.edgeAddresses))) return null;
  const apex =
    settings.edgeAddresses.length > 0
      ? ` (or, at an apex, A/AAAA records with ${settings.edgeAddresses.join(', ')})`
      : '';
  return {
    code: 'routing_mismatch',
    detail:
      addresses.length > 0
        ? `${hostname} has the addresses ${addresses.join(', ')} instead of a CNAME to ${edge}${apex}.`
        : `${hostname} has no CNAME record; point it at ${edge}${apex}.`,
    ...(addresses.length > 0 ? { seen: addresses } : {}),
    expected: [edge, ...settings.edgeAddresses].join(', '),
  };
}

/** Whether an address is one of the edge's, whatever way either is written (IPv6 has many). */
function isEdgeAddress(edgeAddresses: readonly string[]): (address: string) => boolean {
  const edge = new BlockList();
  for (const address of edgeAddresses) edge.addAddress(address, isIPv6(address) ? 'ipv6' : 'ipv4');
  return (address) => edge.check(address, isIPv6(address) ? 'ipv6' : 'ipv4');
}

async function addressesOf(resolver: Resolver, hostname: string): Promise<string[]> {
  const v4 = await lookup(hostname, () => resolver.resolve4(hostname));
  const v6 = await lookup(hostname, () => resolver.resolve6(hostname));
  return [...(v4 === 'nxdomain' ? [] : v4), ...(v6 === 'nxdomain' ? [] : v6)];
}

/**
 * RFC 8659: the CAA records of the closest name (the hostname, then each parent) that has any
 * decide. If they have `issue` tags and none names our CA, the CA will refuse the certificate.
 */
async function checkCaa(
  resolver: Resolver,
  hostname: string,
  ca: string,
): Promise<VerificationFailure | null> {
  const labels = hostname.split('.');
  for (let i = 0; i < labels.length - 1; i++) {
    const name = labels.slice(i).join('.');
    // Some DNS servers mishandle CAA queries; an unanswered one does not block verification
    // (the CA asks again itself before issuing).
    const records = await lookup(name, () => resolver.resolveCaa(name)).catch(() => []);
    if (records === 'nxdomain' || records.length === 0) continue;
    const issuers = records.flatMap((record) => (record.issue === undefined ? [] : [record.issue]));
    if (issuers.length === 0) return null;
    const allowed = issuers.some((issuer) => issuer.split(';')[0]?.trim().toLowerCase() === ca);
    if (allowed) return null;
    return {
      code: 'caa_forbids',
      detail: `The CAA records of ${name} allow only ${issuers.join(', ')} to issue certificates, not ${ca}.`,
      seen: issuers,
      expected: ca,
    };
  }
  return null;
}
