import { describe, expect, it } from 'vitest';
import type { RuleAction, RuleCondition } from './rules.schemas.js';
import {
  isCountryCode,
  isHostname,
  isLanguageTag,
  targetUrlProblem,
  validateAction,
  validateCondition,
  validateRule,
} from './rules.validate.js';

const redirect = (url: string): RuleAction => ({ redirect: url });
const ruleOf = (when: RuleCondition | null, action: RuleAction) => ({ when, then: action });
const paths = (when: RuleCondition) => validateCondition(when, '/body/when').map((e) => e.path);

describe('validateCondition', () => {
  it('accepts a sound tree of every leaf', () => {
    const when: RuleCondition = {
      all: [
        { device: ['mobile', 'tablet'] },
        { os: ['ios'] },
        { browser: ['safari'] },
        { language: ['de', 'de-CH', 'zh-Hant-TW'] },
        { country: ['DE', 'AT', 'XK'] },
        { hostname: ['qr.example.com', 'QR.Example.COM.'] },
        { time: { from: '22:00', to: '06:00', days: [5, 6], timeZone: 'Europe/Berlin' } },
        { time: { from: '09:00', to: '24:00', timeZone: 'UTC' } },
        { date: { from: '2026-12-01', to: '2026-12-24', timeZone: 'Europe/Berlin' } },
        { date: { from: '2026-12-01T08:00:00+01:00' } },
        { scans: { gte: 3, lt: 10 } },
        { query: { name: 'utm_source', equals: 'flyer' } },
        { referrer: ['example.com'] },
        { ip: ['10.0.0.0/8', '2001:db8::/32', '::ffff:1.2.3.4', '8.8.8.8'] },
        { bot: false },
        { any: [{ not: { country: ['CN'] } }, { bot: true }] },
      ],
    };
    expect(validateCondition(when, '/body/when')).toEqual([]);
  });

  it('points at each bad IP or CIDR, v4 and v6', () => {
    const errors = validateCondition(
      {
        all: [
          { bot: false },
          { ip: ['10.0.0.0/8', '10.0.0.0/33', '2001:db8::/129', '1.2.3', 'fe80::1%eth0'] },
        ],
      },
      '/body/when',
    );
    expect(errors.map((e) => e.path)).toEqual([
      '/body/when/all/1/ip/1',
      '/body/when/all/1/ip/2',
      '/body/when/all/1/ip/3',
      '/body/when/all/1/ip/4',
    ]);
    expect(errors[0]?.message).toContain('10.0.0.0/33');
  });

  it('refuses unknown time zones, bad times, equal ends and bad days', () => {
    expect(paths({ time: { from: '09:00', to: '17:00', timeZone: 'Europe/Atlantis' } })).toEqual([
      '/body/when/time/timeZone',
    ]);
    expect(paths({ time: { from: '24:00', to: '25:00', timeZone: 'UTC' } })).toEqual([
      '/body/when/time/from',
      '/body/when/time/to',
    ]);
    expect(paths({ time: { from: '09:60', to: '17:00', timeZone: 'UTC' } })).toEqual([
      '/body/when/time/from',
    ]);
    expect(paths({ time: { from: '09:00', to: '09:00', timeZone: 'UTC' } })).toEqual(['/body/when/time/to']);
    expect(paths({ time: { from: '00:00', to: '24:00', timeZone: 'UTC' } })).toEqual([]);
    expect(paths({ time: { days: [1, 2, 3, 4, 5], timeZone: 'UTC' } })).toEqual([]);
    expect(paths({ time: { from: '09:00', to: '17:00', days: [0, 8, 3, 3], timeZone: 'UTC' } })).toEqual([
      '/body/when/time/days/0',
      '/body/when/time/days/1',
      '/body/when/time/days',
    ]);
  });

  it('checks date ranges', () => {
    expect(paths({ date: { from: '2026-12-24', to: '2026-12-24' } })).toEqual([]);
    expect(paths({ date: { from: '2026-12-25', to: '2026-12-24' } })).toEqual(['/body/when/date/to']);
    expect(paths({ date: { from: '2026-12-24T10:00:00Z', to: '2026-12-24T10:00:00Z' } })).toEqual([
      '/body/when/date/to',
    ]);
    expect(paths({ date: { from: '2026-02-30' } })).toEqual(['/body/when/date/from']);
    expect(paths({ date: { to: 'soon' } })).toEqual(['/body/when/date/to']);
    expect(paths({ date: { from: '2026-01-01', timeZone: 'Nowhere/Land' } })).toEqual([
      '/body/when/date/timeZone',
    ]);
    expect(paths({ date: {} })).toEqual(['/body/when/date']);
  });

  it('checks scan counts', () => {
    expect(paths({ scans: { lt: 3 } })).toEqual([]);
    expect(paths({ scans: { gte: 5, lt: 5 } })).toEqual(['/body/when/scans/lt']);
    expect(paths({ scans: {} })).toEqual(['/body/when/scans']);
  });

  it('wants upper-case ISO country codes and says so', () => {
    const errors = validateCondition({ country: ['DE', 'de', 'UK', 'ZZ'] }, '/body/when');
    expect(errors).toEqual([
      { path: '/body/when/country/1', message: 'must be upper case: "DE"' },
      { path: '/body/when/country/2', message: 'is not an ISO 3166-1 alpha-2 country code: "UK"' },
      { path: '/body/when/country/3', message: 'is not an ISO 3166-1 alpha-2 country code: "ZZ"' },
    ]);
  });

  it('checks language tags, hostnames and referrer hosts', () => {
    expect(paths({ language: ['de', 'en-US', 'e', 'en_US', 'de-CH-1901-1901', '*'] })).toEqual([
      '/body/when/language/2',
      '/body/when/language/3',
      '/body/when/language/4',
      '/body/when/language/5',
    ]);
    expect(paths({ hostname: ['ok.example', 'bad host', '-x.example', 'https://x.example'] })).toEqual([
      '/body/when/hostname/1',
      '/body/when/hostname/2',
      '/body/when/hostname/3',
    ]);
    expect(paths({ referrer: ['news.example', 'x..example'] })).toEqual(['/body/when/referrer/1']);
  });

  it('caps nesting depth and the number of leaves', () => {
    let deep: RuleCondition = { bot: false };
    for (let i = 0; i < 8; i++) deep = { not: deep };
    expect(paths(deep)).toEqual([`/body/when${'/not'.repeat(8)}`]);
    let ok: RuleCondition = { bot: false };
    for (let i = 0; i < 7; i++) ok = { not: ok };
    expect(paths(ok)).toEqual([]);

    const many: RuleCondition = {
      any: Array.from({ length: 50 }, () => ({ all: [{ bot: true }, { bot: false }] })),
    };
    const errors = validateCondition(many, '/body/when');
    expect(errors).toHaveLength(1);
    expect(errors[0]?.path).toBe('/body/when/any/32/all/0');
    expect(errors[0]?.message).toContain('64');
  });

  it('refuses a node with several keys (a caller who skipped the schema)', () => {
    expect(paths({ os: ['ios'], bot: false })).toEqual(['/body/when']);
  });
});

describe('validateAction', () => {
  it('accepts a redirect and a split', () => {
    expect(
      validateAction({ redirect: 'https://x.example/{slug}', status: 301, passQuery: true }, '/t'),
    ).toEqual([]);
    expect(
      validateAction(
        {
          split: [
            { url: 'https://a.example', weight: 34 },
            { url: 'http://b.example/?v={query.v}', weight: 66 },
            { url: 'https://c.example', weight: 0 },
          ],
          sticky: true,
        },
        '/t',
      ),
    ).toEqual([]);
  });

  it('wants exactly one of redirect and split, and sticky only with split', () => {
    expect(validateAction({ status: 302 }, '/t')).toEqual([
      { path: '/t', message: 'needs exactly one of `redirect` and `split`' },
    ]);
    expect(
      validateAction(
        { redirect: 'https://a.example', split: [{ url: 'https://b.example', weight: 100 }] },
        '/t',
      ).length,
    ).toBe(1);
    expect(validateAction({ redirect: 'https://a.example', sticky: true }, '/t')).toEqual([
      { path: '/t/sticky', message: 'only applies to `split`' },
    ]);
  });

  it('wants whole weights summing to 100', () => {
    expect(
      validateAction(
        {
          split: [
            { url: 'https://a.example', weight: 50 },
            { url: 'https://b.example', weight: 49 },
          ],
        },
        '/body/then',
      ),
    ).toEqual([{ path: '/body/then/split', message: 'weights must sum to 100 (they sum to 99)' }]);
    const errors = validateAction(
      {
        split: [
          { url: 'https://a.example', weight: 50.5 },
          { url: 'https://b.example', weight: 49.5 },
        ],
      },
      '/body/then',
    );
    expect(errors.map((e) => e.path)).toEqual(['/body/then/split/0/weight', '/body/then/split/1/weight']);
  });

  it('points at each bad target', () => {
    const errors = validateAction(
      {
        split: [
          { url: 'javascript:alert(1)', weight: 20 },
          { url: 'https://a.example/{nope}', weight: 20 },
          { url: 'ftp://a.example', weight: 20 },
          { url: '/relative', weight: 20 },
          { url: 'https://user:pw@a.example', weight: 20 },
        ],
      },
      '/body/then',
    );
    expect(errors.map((e) => e.path)).toEqual([0, 1, 2, 3, 4].map((i) => `/body/then/split/${i}/url`));
  });
});

describe('targetUrlProblem', () => {
  it.each([
    'https://example.com',
    'http://example.com/path?x=1#top',
    'https://{country}.example.com/{lang}/{slug}',
    'https://example.com/?src={query.utm_source}',
    'https://example.com/{query.path}',
  ])('accepts %s', (url) => {
    expect(targetUrlProblem(url)).toBeNull();
  });

  it.each([
    ['mailto:a@example.com', 'http(s) URL'],
    ['data:text/html,hi', 'http(s) URL'],
    ['{query.next}', 'absolute http(s) URL'],
    ['https://{query.host}/', 'scheme or host'],
    ['https://example.com{query.rest}', 'scheme or host'],
    ['{slug}://example.com', 'http(s) URL'],
    ['https://example.com/{query}', 'unknown placeholder'],
    ['https://', 'absolute http(s) URL'],
    ['example.com', 'absolute http(s) URL'],
  ])('refuses %s', (url, message) => {
    expect(targetUrlProblem(url)).toContain(message);
  });
});

describe('validateRule', () => {
  it('reports condition and action problems together', () => {
    const errors = validateRule(ruleOf({ ip: ['nope'] }, redirect('ftp://x')));
    expect(errors.map((e) => e.path)).toEqual(['/body/when/ip/0', '/body/then/redirect']);
    expect(validateRule(ruleOf(null, redirect('https://x.example')))).toEqual([]);
  });
});

describe('small checks', () => {
  it('knows country codes, hostnames and language tags', () => {
    expect(isCountryCode('US')).toBe(true);
    expect(isCountryCode('us')).toBe(false);
    expect(isCountryCode('EU')).toBe(false);
    expect(isHostname('localhost')).toBe(true);
    expect(isHostname('a'.repeat(64))).toBe(false);
    expect(isHostname(`${'a.'.repeat(126)}ab`)).toBe(false);
    expect(isLanguageTag('sr-Latn-RS')).toBe(true);
    expect(isLanguageTag('i-klingon')).toBe(false);
  });
});
