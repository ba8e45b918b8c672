import { describe, expect, it } from 'vitest';
import {
  AddressPolicy,
  isLoopbackAddress,
  isPrivateHostName,
  nonPublicRange,
  parseAllowEntry,
} from './address-policy.js';

describe('nonPublicRange', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['169.254.169.254', 'linkLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.100.100.200', 'carrierGradeNat'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'uniqueLocal'],
    ['fd00:ec2::254', 'uniqueLocal'],
    ['fe80::1', 'linkLocal'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['64:ff9b::a9fe:a9fe', 'linkLocal'],
    ['::7f00:1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['2002:7f00:1::1', '6to4'],
    ['[::1]', 'loopback'],
    ['not-an-ip', 'invalid'],
  ])('%s is %s', (address, range) => {
    expect(nonPublicRange(address)).toBe(range);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '2606:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('%s is public', (address) => {
    expect(nonPublicRange(address)).toBeNull();
  });
});

describe('parseAllowEntry', () => {
  it.each([
    '127.0.0.1',
    '10.0.0.0/8',
    '::1',
    'fd00::/8',
    '[::1]',
    '::ffff:10.0.0.0/104',
    'billing.internal',
    '*.svc.local',
  ])('accepts %s', (entry) => {
    expect(parseAllowEntry(entry)).not.toBeNull();
  });

  it.each(['10.0.0.0/33', '::1/129', '10.0.0.0/x', 'http://x', 'a b', '*', 'host/8', '::ffff:10.0.0.0/8'])(
    'refuses %s',
    (entry) => {
      expect(parseAllowEntry(entry)).toBeNull();
    },
  );
});

describe('isPrivateHostName', () => {
  it.each(['metadata', 'metadata.google.internal', 'METADATA.goog.', 'instance-data', 'billing.internal'])(
    '%s is never public',
    (name) => {
      expect(isPrivateHostName(name)).toBe(true);
    },
  );

  it.each(['localhost', 'example.com', 'internal.example.com', 'metadata.example'])(
    '%s is judged by its addresses',
    (name) => {
      expect(isPrivateHostName(name)).toBe(false);
    },
  );
});

describe('AddressPolicy', () => {
  it('refuses a name when any one of its addresses is not public, naming that address', () => {
    const policy = new AddressPolicy();
    expect(policy.addressRefusal('shop.example', ['93.184.216.34', '2606:4700::1111'])).toBeNull();
    expect(policy.addressRefusal('mixed.example', ['93.184.216.34', '10.1.2.3'])).toBe(
      'mixed.example resolves to 10.1.2.3, which is not a public address (private)',
    );
    expect(policy.addressRefusal('::ffff:127.0.0.1', ['::ffff:127.0.0.1'])).toBe(
      '::ffff:127.0.0.1 is not a public address (loopback)',
    );
  });

  it('opens allow-listed networks in every form of the address, and nothing next to them', () => {
    const policy = new AddressPolicy(['127.0.0.0/8', 'fd00::/8']);
    for (const address of ['127.0.0.1', '::ffff:127.0.0.1', '::ffff:7f00:2', '64:ff9b::7f00:1', 'fd00::5']) {
      expect(policy.allowsAddress(address)).toBe(true);
      expect(policy.addressRefusal('svc.example', [address])).toBeNull();
    }
    expect(policy.allowsAddress('10.0.0.1')).toBe(false);
    expect(policy.addressRefusal('svc.example', ['127.0.0.1', '10.0.0.1'])).toMatch(/10\.0\.0\.1/);
  });

  it('lets an allow-listed name reach any address, by exact name or by suffix', () => {
    const policy = new AddressPolicy(['exec.internal', '*.svc.test']);
    expect(policy.addressRefusal('EXEC.internal.', ['10.0.0.1'])).toBeNull();
    expect(policy.addressRefusal('a.b.svc.test', ['169.254.169.254'])).toBeNull();
    expect(policy.addressRefusal('svc.test.evil', ['10.0.0.1'])).not.toBeNull();
    expect(policy.hostNameRefusal('exec.internal')).toBeNull();
    expect(policy.hostNameRefusal('other.internal')).toBe('other.internal is not a public host name');
    expect(policy.hostNameRefusal('metadata.google.internal')).not.toBeNull();
    expect(policy.hostNameRefusal('example.com')).toBeNull();
  });

  it('names the first bad entry of the allow-list', () => {
    expect(() => new AddressPolicy(['10.0.0.0/8', '10.0.0.0/99'])).toThrow(
      'Not a host name, IP or CIDR in the SSRF allow-list: 10.0.0.0/99',
    );
  });
});

describe('isLoopbackAddress', () => {
  it('knows loopback addresses in every written form, and nothing else', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '[::1]', '::ffff:127.0.0.1']) {
      expect(isLoopbackAddress(address), address).toBe(true);
    }
    for (const address of ['10.0.0.1', '8.8.8.8', '::', 'localhost', '127.1', '', undefined]) {
      expect(isLoopbackAddress(address), String(address)).toBe(false);
    }
  });
});
