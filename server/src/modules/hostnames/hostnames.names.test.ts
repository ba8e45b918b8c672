import { describe, expect, it } from 'vitest';
import { normalizeHostname } from './hostnames.names.js';

const OWN = ['rq.example', 'rq.link'];
const accepted = (name: string) => {
  const checked = normalizeHostname(name, OWN);
  return checked.ok ? checked.hostname : `refused: ${checked.message}`;
};

describe('normalizeHostname', () => {
  it('stores lower case, punycode, without the trailing dot', () => {
    expect(accepted('QR.Example.COM.')).toBe('qr.example.com');
    expect(accepted('Bücher.Example')).toBe('xn--bcher-kva.example');
    expect(accepted('xn--bcher-kva.example')).toBe('xn--bcher-kva.example');
  });

  it.each([
    ['192.0.2.1', 'not an IP address'],
    ['[2001:db8::1]', 'not an IP address'],
    ['0x7f.1', 'not an IP address'],
    ['localhost', 'must not be localhost'],
    ['app.localhost', 'must not be localhost'],
    ['intranet', 'at least two labels'],
    [`${'a'.repeat(64)}.example.com`, 'longer than 63'],
    [`${'a.'.repeat(127)}com`, 'at most 253'],
    ['my_host.example.com', 'underscores'],
    ['*.example.com', 'wildcard'],
    ['-qr.example.com', 'hyphen'],
    ['qr..example.com', 'hyphens between dots'],
    ['rq.example', 'that host is ours'],
    ['qr.rq.link', 'that host is ours'],
  ])('refuses %s (%s)', (name, reason) => {
    expect(accepted(name)).toContain(reason);
  });

  it('accepts a name that only ends like one of ours', () => {
    expect(accepted('notrq.link')).toBe('notrq.link');
  });
});
