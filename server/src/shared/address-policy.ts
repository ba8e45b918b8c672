import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which hosts and addresses a server-side request to a user's URL may reach (the SSRF policy):
 * public unicast addresses, and whatever the operator's allow-list (SSRF_ALLOW) names besides.
 * Loopback, private networks, link-local (the cloud metadata service), carrier-grade NAT, unique
 * local, multicast and reserved ranges are not public; IPv4-mapped and NAT64 IPv6 forms are judged
 * as the IPv4 address they stand for. The client that applies this policy is safe-fetch.ts.
 */

/**
 * Host names of cloud metadata services, and `.internal` (reserved for private use), refused by
 * name before any lookup. Other names (localhost included) are judged by what they resolve to.
 */
const METADATA_HOSTS = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'metadata.azure.com',
  'instance-data',
  'instance-data.ec2.internal',
]);
const PRIVATE_SUFFIXES = ['.internal'];

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3') as [ipaddr.IPv6, number];
const NAT64_V6 = ipaddr.parseCIDR('64:ff9b::/96') as [ipaddr.IPv6, number];

/** IPv4-mapped (`::ffff:a.b.c.d`) and NAT64 (`64:ff9b::a.b.c.d`) addresses stand for their IPv4 address. */
function canonical(address: string): ipaddr.IPv4 | ipaddr.IPv6 {
  const ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6') {
    const v6 = ip as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return v6.toIPv4Address();
    if (v6.match(NAT64_V6)) return ipaddr.fromByteArray(v6.toByteArray().slice(12));
  }
  return ip;
}

/**
 * Why an address is not public (`loopback`, `private`, `linkLocal`, `carrierGradeNat`,
 * `uniqueLocal`, `multicast`, `unspecified`, `reserved`, ...), or null for a public unicast address.
 * IPv6 must be global unicast (2000::/3) besides; an unparsable address is `invalid`.
 */
export function nonPublicRange(address: string): string | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIP(bare) === 0) return 'invalid';
  const ip = canonical(bare);
  const range = ip.range();
  if (range !== 'unicast') return range;
  if (ip.kind() === 'ipv6' && !(ip as ipaddr.IPv6).match(GLOBAL_UNICAST_V6)) return 'reserved';
  return null;
}

/** Whether an address (with or without brackets or a zone) is a loopback address. */
export function isLoopbackAddress(address: string | undefined): boolean {
  return address !== undefined && nonPublicRange(address) === 'loopback';
}

/** Whether a host name is a metadata service or in a name space that is never public. */
export function isPrivateHostName(hostname: string): boolean {
  const name = normalizeHostName(hostname);
  return METADATA_HOSTS.has(name) || PRIVATE_SUFFIXES.some((suffix) => name.endsWith(suffix));
}

function normalizeHostName(hostname: string): string {
  return hostname.toLowerCase().replace(/\.$/, '');
}

// ---------------------------------------------------------------------------------------------
// The allow-list

type AllowEntry =
  | { kind: 'host'; name: string }
  | { kind: 'suffix'; suffix: string }
  | { kind: 'net'; range: [ipaddr.IPv4 | ipaddr.IPv6, number] };

/** Parses one allow-list entry (host name, `*.suffix`, IP or CIDR); null when it is none of these. */
export function parseAllowEntry(entry: string): AllowEntry | null {
  const value = entry.trim();
  const slash = value.indexOf('/');
  const ipPart = (slash >= 0 ? value.slice(0, slash) : value).replace(/^\[|\]$/g, '');
  if (isIP(ipPart) !== 0) return parseAllowedNetwork(ipPart, slash >= 0 ? value.slice(slash + 1) : null);
  if (slash >= 0) return null;
  const name = normalizeHostName(value);
  if (name.startsWith('*.')) {
    const suffix = name.slice(1);
    return /^(\.[a-z0-9_-]+)+$/.test(suffix) ? { kind: 'suffix', suffix } : null;
  }
  return /^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/.test(name) ? { kind: 'host', name } : null;
}

/** An IP (`rawBits` null) or a CIDR; a mapped IPv6 entry (::ffff:10.0.0.0/104) stands for its IPv4 network. */
function parseAllowedNetwork(address: string, rawBits: string | null): AllowEntry | null {
  const parsed = ipaddr.parse(address);
  const mapped = parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress();
  const ip = mapped ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
  const maxBits = ip.kind() === 'ipv4' ? 32 : 128;
  if (rawBits === null) return { kind: 'net', range: [ip, maxBits] };
  if (!/^\d{1,3}$/.test(rawBits)) return null;
  const bits = Number(rawBits) - (mapped ? 96 : 0);
  return bits < 0 || bits > maxBits ? null : { kind: 'net', range: [ip, bits] };
}

/**
 * The policy for one allow-list: what a host name or the addresses it resolves to may reach.
 * Refusals are messages that name the host and the address, for the caller's error.
 */
export class AddressPolicy {
  private readonly entries: AllowEntry[];

  /** Throws a TypeError naming the first entry that is not a host name, `*.suffix`, IP or CIDR. */
  constructor(allow: readonly string[] = []) {
    this.entries = allow.map((entry) => {
      const parsed = parseAllowEntry(entry);
      if (!parsed) throw new TypeError(`Not a host name, IP or CIDR in the SSRF allow-list: ${entry}`);
      return parsed;
    });
  }

  /** Whether the allow-list names this host (exactly or by a `*.suffix`): it may reach any address. */
  allowsHostName(hostname: string): boolean {
    const name = normalizeHostName(hostname);
    return this.entries.some(
      (entry) =>
        (entry.kind === 'host' && entry.name === name) ||
        (entry.kind === 'suffix' && name.endsWith(entry.suffix)),
    );
  }

  /** Whether an allow-listed IP or network holds the address, as written or in its IPv4 form. */
  allowsAddress(address: string): boolean {
    if (isIP(address) === 0) return false;
    const forms = [ipaddr.parse(address), canonical(address)];
    return this.entries.some(
      (entry) =>
        entry.kind === 'net' &&
        forms.some(
          (ip) =>
            entry.range[0].kind() === ip.kind() &&
            (ip as ipaddr.IPv4).match(entry.range as [ipaddr.IPv4, number]),
        ),
    );
  }

  /** Why a host name is refused before it is looked up (a metadata or `.internal` name), or null. */
  hostNameRefusal(hostname: string): string | null {
    return isPrivateHostName(hostname) && !this.allowsHostName(hostname)
      ? `${hostname} is not a public host name`
      : null;
  }

  /**
   * Why a host is refused before any lookup, or null: a metadata or `.internal` name, `localhost`
   * (which always resolves to loopback), or an IP literal outside the public ranges. Names that
   * resolve to a private address are only known when they are looked up (addressRefusal).
   */
  literalRefusal(hostname: string): string | null {
    const name = normalizeHostName(hostname).replace(/^\[|\]$/g, '');
    if (this.allowsHostName(name)) return null;
    if (name === 'localhost' || name.endsWith('.localhost')) {
      return this.allowsAddress('127.0.0.1') ? null : `${name} is not a public host name (loopback)`;
    }
    if (isIP(name) !== 0) return this.addressRefusal(name, [name]);
    return this.hostNameRefusal(name);
  }

  /**
   * Why a host may not be reached at these addresses, or null when it may: every address must be
   * public or allow-listed (one that is not refuses the whole name), unless the name is allow-listed.
   */
  addressRefusal(hostname: string, addresses: readonly string[]): string | null {
    if (this.allowsHostName(hostname)) return null;
    for (const address of addresses) {
      const range = nonPublicRange(address);
      if (range === null || this.allowsAddress(address)) continue;
      return hostname === address
        ? `${address} is not a public address (${range})`
        : `${hostname} resolves to ${address}, which is not a public address (${range})`;
    }
    return null;
  }
}
