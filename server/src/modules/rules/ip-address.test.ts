import { isIP } from 'node:net';
import { describe, expect, it } from 'vitest';
import { formatIpAddress, ipInRange, parseIpAddress, parseIpRange } from './ip-address.js';

const inRange = (address: string, range: string): boolean => {
  const ip = parseIpAddress(address);
  const cidr = parseIpRange(range);
  if (!ip || !cidr) throw new Error(`bad fixture ${address} ${range}`);
  return ipInRange(ip, cidr);
};

describe('parseIpAddress', () => {
  const valid = [
    '0.0.0.0',
    '8.8.8.8',
    '255.255.255.255',
    '192.168.1.10',
    '::',
    '::1',
    '2001:db8::1',
    '2001:0db8:0000:0000:0000:ff00:0042:8329',
    '2001:db8:0:0:1:0:0:1',
    'fe80::1ff:fe23:4567:890a',
    '::ffff:192.0.2.128',
    '64:ff9b::192.0.2.33',
    '1:2:3:4:5:6:7::',
    '::2:3:4:5:6:7:8',
    '1::8',
    '2001:DB8::ABCD',
  ];
  const invalid = [
    '',
    '1.2.3',
    '1.2.3.4.5',
    '256.1.1.1',
    '01.2.3.4',
    '1.2.3.-4',
    ' 1.2.3.4',
    '1.2.3.4 ',
    'a.b.c.d',
    ':::',
    '1:2:3:4:5:6:7:8:9',
    '1::2::3',
    '12345::1',
    'g::1',
    '1:2:3:4:5:6:7',
    '1:2:3:4:5:6:7:8::',
    '::1.2.3',
    '1.2.3.4::',
    ':1::2',
    '1::2:',
    'fe80::1%eth0',
    '2001:db8::/32',
    'localhost',
  ];

  it.each(valid)('accepts %s, as node:net does', (text) => {
    expect(isIP(text)).not.toBe(0);
    expect(parseIpAddress(text)).not.toBeNull();
  });

  it.each(invalid)('refuses %j', (text) => {
    expect(parseIpAddress(text)).toBeNull();
  });

  it('agrees with node:net on every invalid fixture except zone ids, which rules never need', () => {
    for (const text of invalid.filter((t) => !t.includes('%'))) expect(isIP(text), text).toBe(0);
  });

  it('reads IPv4-mapped IPv6 as IPv4', () => {
    expect(parseIpAddress('::ffff:1.2.3.4')).toEqual(parseIpAddress('1.2.3.4'));
    expect(parseIpAddress('::ffff:0102:0304')).toEqual({ version: 4, value: 0x01020304 });
  });

  it('formats canonically (RFC 5952)', () => {
    const cases: [string, string][] = [
      ['8.8.8.8', '8.8.8.8'],
      ['2001:0DB8:0000:0000:0000:0000:0000:0001', '2001:db8::1'],
      ['2001:db8:0:0:1:0:0:1', '2001:db8::1:0:0:1'],
      ['2001:db8:0:1:1:1:1:1', '2001:db8:0:1:1:1:1:1'],
      ['::', '::'],
      ['::1', '::1'],
      ['1::', '1::'],
      ['::ffff:10.0.0.1', '10.0.0.1'],
    ];
    for (const [input, expected] of cases) {
      const parsed = parseIpAddress(input);
      expect(parsed && formatIpAddress(parsed), input).toBe(expected);
    }
  });
});

describe('parseIpRange and ipInRange', () => {
  it('matches IPv4 CIDRs at their edges', () => {
    expect(inRange('10.0.0.0', '10.0.0.0/8')).toBe(true);
    expect(inRange('10.255.255.255', '10.0.0.0/8')).toBe(true);
    expect(inRange('11.0.0.0', '10.0.0.0/8')).toBe(false);
    expect(inRange('9.255.255.255', '10.0.0.0/8')).toBe(false);
    expect(inRange('192.168.1.7', '192.168.1.0/29')).toBe(true);
    expect(inRange('192.168.1.8', '192.168.1.0/29')).toBe(false);
    expect(inRange('203.0.113.9', '0.0.0.0/0')).toBe(true);
    expect(inRange('255.255.255.255', '128.0.0.0/1')).toBe(true);
    expect(inRange('127.255.255.255', '128.0.0.0/1')).toBe(false);
  });

  it('treats a bare address as a single-address range', () => {
    expect(inRange('8.8.8.8', '8.8.8.8')).toBe(true);
    expect(inRange('8.8.8.9', '8.8.8.8')).toBe(false);
    expect(inRange('2001:db8::1', '2001:db8::1')).toBe(true);
    expect(inRange('2001:db8::2', '2001:db8::1')).toBe(false);
  });

  it('ignores host bits past the prefix', () => {
    expect(parseIpRange('10.1.2.3/8')).toEqual(parseIpRange('10.0.0.0/8'));
    expect(inRange('10.9.9.9', '10.1.2.3/8')).toBe(true);
    expect(parseIpRange('2001:db8:ffff::1/32')).toEqual(parseIpRange('2001:db8::/32'));
  });

  it('matches IPv6 CIDRs, including prefixes that split a group', () => {
    expect(inRange('2001:db8::1', '2001:db8::/32')).toBe(true);
    expect(inRange('2001:db8:ffff:ffff:ffff:ffff:ffff:ffff', '2001:db8::/32')).toBe(true);
    expect(inRange('2001:db9::1', '2001:db8::/32')).toBe(false);
    expect(inRange('2001:db8:80::1', '2001:db8:80::/41')).toBe(true);
    expect(inRange('2001:db8:7f::1', '2001:db8:80::/41')).toBe(false);
    expect(inRange('2001:db8:ff::1', '2001:db8:80::/41')).toBe(true);
    expect(inRange('2001:db8:100::1', '2001:db8:80::/41')).toBe(false);
    expect(inRange('fe80::abcd', 'fe80::/10')).toBe(true);
    expect(inRange('febf::1', 'fe80::/10')).toBe(true);
    expect(inRange('fec0::1', 'fe80::/10')).toBe(false);
    expect(inRange('::1', '::/0')).toBe(true);
  });

  it('matches IPv4-mapped IPv6 addresses against IPv4 CIDRs and the other way round', () => {
    expect(inRange('::ffff:1.2.3.4', '1.2.3.0/24')).toBe(true);
    expect(inRange('::ffff:1.2.4.4', '1.2.3.0/24')).toBe(false);
    expect(inRange('1.2.3.4', '::ffff:1.2.3.0/120')).toBe(true);
    expect(inRange('::ffff:1.2.3.4', '::ffff:1.2.3.4')).toBe(true);
    expect(parseIpRange('::ffff:0:0/96')).toEqual(parseIpRange('0.0.0.0/0'));
  });

  it('never matches across families', () => {
    expect(inRange('1.2.3.4', '::/0')).toBe(false);
    expect(inRange('::1', '0.0.0.0/0')).toBe(false);
    expect(inRange('64:ff9b::102:304', '1.2.3.4/32')).toBe(false);
  });

  it.each([
    '10.0.0.0/33',
    '10.0.0.0/',
    '10.0.0.0/-1',
    '10.0.0.0/8/8',
    '10.0.0.0/0x8',
    '2001:db8::/129',
    '2001:db8::/1a',
    '300.0.0.0/8',
    'example.com',
    '/8',
  ])('refuses the range %j', (text) => {
    expect(parseIpRange(text)).toBeNull();
  });
});
