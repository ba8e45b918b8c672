import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';

describe('hostname settings', () => {
  it('points CNAMEs at the short host, else the primary host, unless EDGE_HOSTNAME says otherwise', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://rq.example' }).hostnames.edgeHostname).toBe('rq.example');
    expect(
      loadConfig({ PUBLIC_URL: 'https://rq.example', SHORT_URL: 'https://rq.link' }).hostnames.edgeHostname,
    ).toBe('rq.link');
    expect(loadConfig({ EDGE_HOSTNAME: 'Edge.RQ.example.' }).hostnames.edgeHostname).toBe('edge.rq.example');
    for (const bad of ['edge', 'https://edge.rq.example', 'a_b.example', '192.0.2.1']) {
      expect(() => loadConfig({ EDGE_HOSTNAME: bad })).toThrowError(/EDGE_HOSTNAME must be a DNS name/);
    }
  });

  it('takes EDGE_ADDRESSES as comma-separated IP addresses', () => {
    expect(loadConfig({}).hostnames.edgeAddresses).toEqual([]);
    expect(loadConfig({ EDGE_ADDRESSES: '192.0.2.1, 2001:db8::1' }).hostnames.edgeAddresses).toEqual([
      '192.0.2.1',
      '2001:db8::1',
    ]);
    expect(() => loadConfig({ EDGE_ADDRESSES: '192.0.2.1,edge.rq.example' })).toThrowError(
      /EDGE_ADDRESSES must be comma-separated IP addresses/,
    );
  });

  it('asks the system resolver unless DNS_RESOLVER names one by address and port', () => {
    expect(loadConfig({}).hostnames.dnsResolver).toBeUndefined();
    for (const good of ['127.0.0.1:5353', '192.0.2.53', '[::1]:53']) {
      expect(loadConfig({ DNS_RESOLVER: good }).hostnames.dnsResolver).toBe(good);
    }
    for (const bad of ['dns.example:53', '127.0.0.1:70000', '::1', '127.0.0.1:']) {
      expect(() => loadConfig({ DNS_RESOLVER: bad })).toThrowError(/DNS_RESOLVER must be an IP address/);
    }
  });

  it("checks CAA against Let's Encrypt unless TLS_CA_DOMAIN names another CA", () => {
    expect(loadConfig({}).hostnames.tlsCaDomain).toBe('letsencrypt.org');
    expect(loadConfig({ TLS_CA_DOMAIN: 'pki.goog' }).hostnames.tlsCaDomain).toBe('pki.goog');
  });

  it('has no hostname limit without billing unless HOSTNAMES_LIMIT sets one', () => {
    expect(loadConfig({}).hostnames.limitWithoutBilling).toBeUndefined();
    expect(loadConfig({ HOSTNAMES_LIMIT: '3' }).hostnames.limitWithoutBilling).toBe(3);
    expect(() => loadConfig({ HOSTNAMES_LIMIT: '-1' })).toThrowError(/HOSTNAMES_LIMIT must be an integer/);
  });
});
