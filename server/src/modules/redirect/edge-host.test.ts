import { describe, expect, it } from 'vitest';
import { hostResolver, requestHost, slugOf } from './edge-host.js';

describe('the edge host seam', () => {
  it('reads X-Forwarded-Host only behind a trusted proxy', () => {
    const headers = { host: 'internal:8080', 'x-forwarded-host': 'rq.link, proxy.local' };
    expect(requestHost(headers, true)).toBe('rq.link');
    expect(requestHost(headers, false)).toBe('internal:8080');
    expect(requestHost({ host: 'a.example' }, true)).toBe('a.example');
  });

  it('serves slugs at every path of the short host and under /r/ everywhere else', () => {
    const resolve = hostResolver('https://rq.example', 'https://rq.link');
    expect(resolve('rq.link:443')).toEqual({ hostKey: '', slugsAtRoot: true });
    expect(resolve('rq.example')).toEqual({ hostKey: '', slugsAtRoot: false });
    expect(resolve('127.0.0.1:8080')).toEqual({ hostKey: '', slugsAtRoot: false });
    // A short host equal to the primary host is no short host: the site keeps its paths.
    expect(hostResolver('https://rq.example', 'https://rq.example')('rq.example').slugsAtRoot).toBe(false);
  });

  it('serves a verified custom hostname at every path, with its redirects, and only that one', () => {
    const redirects = { rootRedirect: 'https://example.com/', notFoundRedirect: null };
    const verified = new Map([['qr.example.com', redirects]]);
    const resolve = hostResolver('https://rq.example', 'https://rq.link', (name) => verified.get(name));
    expect(resolve('QR.Example.com.:443')).toEqual({
      hostKey: 'qr.example.com',
      slugsAtRoot: true,
      custom: redirects,
    });
    expect(resolve('other.example.com')).toEqual({ hostKey: '', slugsAtRoot: false });
    // Our own hosts never reach the lookup, whatever it holds.
    verified.set('rq.link', redirects);
    expect(resolve('rq.link')).toEqual({ hostKey: '', slugsAtRoot: true });
  });

  it('finds the slug in the path, keeping a bad escape as written', () => {
    const primary = { hostKey: '', slugsAtRoot: false };
    const short = { hostKey: '', slugsAtRoot: true };
    expect(slugOf(primary, '/r/menu')).toBe('menu');
    expect(slugOf(primary, '/menu')).toBeUndefined();
    expect(slugOf(primary, '/r/')).toBeUndefined();
    expect(slugOf(short, '/menu')).toBe('menu');
    expect(slugOf(short, '/')).toBeUndefined();
    expect(slugOf(short, '/%E2%9C%93')).toBe('✓');
    expect(slugOf(short, '/%ZZ')).toBe('%ZZ');
  });
});
