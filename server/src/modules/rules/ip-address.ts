/**
 * IPv4 and IPv6 addresses and ranges, parsed once into numbers so that matching a scanner's
 * address against a rule's CIDRs is a few integer comparisons. IPv4-mapped IPv6 addresses
 * (`::ffff:1.2.3.4`, what a dual-stack socket reports for IPv4 peers) are treated as IPv4.
 */

export type IpAddress = { readonly version: 4; readonly value: number } | IpV6Address;

interface IpV6Address {
  readonly version: 6;
  /** Eight 16-bit groups, most significant first. */
  readonly words: readonly number[];
}

export type IpRange =
  | { readonly version: 4; readonly base: number; readonly mask: number; readonly prefix: number }
  | { readonly version: 6; readonly words: readonly number[]; readonly prefix: number };

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const HEX_GROUP = /^[0-9a-fA-F]{1,4}$/;

function parseIpv4(text: string): number | null {
  const match = IPV4.exec(text);
  if (!match) return null;
  let value = 0;
  for (let i = 1; i <= 4; i++) {
    const octet = match[i] as string;
    // Leading zeros are refused: some parsers read them as octal, so their meaning is unclear.
    if (octet.length > 1 && octet.startsWith('0')) return null;
    const n = Number(octet);
    if (n > 255) return null;
    value = value * 256 + n;
  }
  return value;
}

function parseIpv6Words(text: string): number[] | null {
  if (text.length < 2 || text.length > 45) return null;
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const toGroups = (part: string): string[] => (part === '' ? [] : part.split(':'));
  const head = toGroups(halves[0] as string);
  const tail = halves.length === 2 ? toGroups(halves[1] as string) : [];
  const words: number[] = [];
  const pushGroups = (groups: string[], isLastPart: boolean): boolean => {
    for (let i = 0; i < groups.length; i++) {
      const group = groups[i] as string;
      if (isLastPart && i === groups.length - 1 && group.includes('.')) {
        const v4 = parseIpv4(group);
        if (v4 === null) return false;
        words.push(Math.floor(v4 / 65536), v4 % 65536);
      } else if (HEX_GROUP.test(group)) {
        words.push(Number.parseInt(group, 16));
      } else {
        return false;
      }
    }
    return true;
  };
  if (halves.length === 1) {
    if (!pushGroups(head, true) || words.length !== 8) return null;
    return words;
  }
  if (head.length + tail.length > 7) return null;
  // An embedded IPv4 address may only end the address, so never before the "::".
  if (!pushGroups(head, false)) return null;
  const headWords = words.length;
  if (!pushGroups(tail, true)) return null;
  const tailWords = words.splice(headWords);
  const missing = 8 - headWords - tailWords.length;
  if (missing < 1) return null;
  return [...words, ...new Array<number>(missing).fill(0), ...tailWords];
}

function isV4Mapped(words: readonly number[]): boolean {
  return (
    words[0] === 0 &&
    words[1] === 0 &&
    words[2] === 0 &&
    words[3] === 0 &&
    words[4] === 0 &&
    words[5] === 0xffff
  );
}

/** Parses an address (no prefix, no zone id); IPv4-mapped IPv6 becomes IPv4. Null when invalid. */
export function parseIpAddress(text: string): IpAddress | null {
  if (text.includes('.') && !text.includes(':')) {
    const value = parseIpv4(text);
    return value === null ? null : { version: 4, value };
  }
  const words = parseIpv6Words(text);
  if (words === null) return null;
  if (isV4Mapped(words)) return { version: 4, value: (words[6] as number) * 65536 + (words[7] as number) };
  return { version: 6, words };
}

function ipv4Mask(prefix: number): number {
  return prefix === 0 ? 0 : (0xffffffff << (32 - prefix)) >>> 0;
}

/**
 * Parses `1.2.3.4`, `10.0.0.0/8`, `2001:db8::1` or `2001:db8::/32` into a range. Host bits
 * beyond the prefix are ignored (`10.1.2.3/8` is `10.0.0.0/8`). An IPv4-mapped IPv6 range with
 * a prefix of at least 96 becomes the IPv4 range it covers.
 */
export function parseIpRange(text: string): IpRange | null {
  const slash = text.indexOf('/');
  const addressText = slash === -1 ? text : text.slice(0, slash);
  const prefixText = slash === -1 ? null : text.slice(slash + 1);
  if (prefixText !== null && !/^\d{1,3}$/.test(prefixText)) return null;
  if (addressText.includes('.') && !addressText.includes(':')) {
    const value = parseIpv4(addressText);
    const prefix = prefixText === null ? 32 : Number(prefixText);
    if (value === null || prefix > 32) return null;
    const mask = ipv4Mask(prefix);
    return { version: 4, base: (value & mask) >>> 0, mask, prefix };
  }
  const words = parseIpv6Words(addressText);
  const prefix = prefixText === null ? 128 : Number(prefixText);
  if (words === null || prefix > 128) return null;
  if (isV4Mapped(words) && prefix >= 96) {
    const v4prefix = prefix - 96;
    const mask = ipv4Mask(v4prefix);
    const value = (words[6] as number) * 65536 + (words[7] as number);
    return { version: 4, base: (value & mask) >>> 0, mask, prefix: v4prefix };
  }
  const masked = words.map((word, i) => {
    const bits = Math.min(16, Math.max(0, prefix - i * 16));
    return bits === 0 ? 0 : word & ((0xffff << (16 - bits)) & 0xffff);
  });
  return { version: 6, words: masked, prefix };
}

export function ipInRange(address: IpAddress, range: IpRange): boolean {
  if (address.version === 4) {
    return range.version === 4 && (address.value & range.mask) >>> 0 === range.base;
  }
  if (range.version !== 6) return false;
  let remaining = range.prefix;
  for (let i = 0; i < 8 && remaining > 0; i++) {
    const bits = Math.min(16, remaining);
    const mask = (0xffff << (16 - bits)) & 0xffff;
    if (((address.words[i] as number) & mask) !== range.words[i]) return false;
    remaining -= bits;
  }
  return true;
}

/** The canonical text of an address (RFC 5952 for IPv6), e.g. for logs and tests. */
export function formatIpAddress(address: IpAddress): string {
  if (address.version === 4) {
    const v = address.value;
    return `${Math.floor(v / 16777216)}.${Math.floor(v / 65536) % 256}.${Math.floor(v / 256) % 256}.${v % 256}`;
  }
  const words = address.words;
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (words[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && words[j] === 0) j++;
    if (j - i > bestLength) {
      bestStart = i;
      bestLength = j - i;
    }
    i = j;
  }
  const hex = (list: readonly number[]) => list.map((w) => w.toString(16)).join(':');
  if (bestStart === -1) return hex(words);
  return `${hex(words.slice(0, bestStart))}::${hex(words.slice(bestStart + bestLength))}`;
}
