import { describe, expect, it } from 'vitest';
import { bareHost, shortLinkHost, urlHost } from './host-name.js';

describe('host names', () => {
  it('compares hosts without case, port or trailing dot', () => {
    expect(bareHost('RQ.Link:8443')).toBe('rq.link');
    expect(bareHost('rq.link.')).toBe('rq.link');
    expect(bareHost('[::1]:8080')).toBe('[::1]');
    expect(bareHost('[::1]')).toBe('[::1]');
    expect(bareHost('')).toBe('');
  });

  it('takes a configured URL to its bare host', () => {
    expect(urlHost('https://RQ.example.com.:8443/base')).toBe('rq.example.com');
    expect(urlHost('http://[::1]:3000')).toBe('[::1]');
  });

  it('names the short link host: SHORT_URL when set, else PUBLIC_URL, never with a port', () => {
    expect(shortLinkHost({ publicUrl: 'http://localhost:3000', shortUrl: 'https://Go.Example.com' })).toBe(
      'go.example.com',
    );
    // Printing used URL.host here (with the port) and the simulator URL.hostname: both are this now.
    expect(shortLinkHost({ publicUrl: 'http://localhost:3000' })).toBe('localhost');
  });
});
