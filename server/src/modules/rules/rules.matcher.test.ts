import { describe, expect, it } from 'vitest';
import { parseIpAddress } from './ip-address.js';
import type { ScanContext } from './rules.context.js';
import {
  type CompiledRule,
  compileRule,
  evaluateRules,
  firstMatch,
  isStickyId,
  matches,
  needsScanCount,
  newStickyId,
  resolveAction,
  STICKY_COOKIE_NAME,
  stickyBucket,
} from './rules.matcher.js';
import type { RuleAction, RuleCondition } from './rules.schemas.js';

const at = (iso: string) => Date.parse(iso);

function scan(overrides: Partial<ScanContext> = {}): ScanContext {
  return {
    now: at('2026-03-04T12:00:00Z'),
    hostname: 'qr.example.com',
    ip: parseIpAddress('203.0.113.7'),
    device: 'mobile',
    os: 'ios',
    browser: 'safari',
    bot: false,
    languages: ['de-de', 'en'],
    language: 'de-DE',
    country: 'DE',
    region: 'Berlin',
    referrerHost: null,
    query: new URLSearchParams(),
    scansBefore: 0,
    ...overrides,
  };
}

/** A rule as the API stores it; `then` is the API's field name. */
function rule(id: string, when: RuleCondition | null, action: RuleAction, enabled = true): CompiledRule {
  return compileRule({ id, enabled, when, then: action });
}

/** A seeded uniform random source (mulberry32), so split tests are reproducible. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const go = (url: string): RuleAction => ({ redirect: url });
const opts = { slug: 'spring-menu' };

describe('combinators', () => {
  it('treats no condition as always', () => {
    expect(matches(undefined, scan())).toBe(true);
    expect(matches(null, scan())).toBe(true);
  });

  it('evaluates all, any and not, nested', () => {
    const when: RuleCondition = { all: [{ os: ['ios'] }, { not: { country: ['CN'] } }] };
    expect(matches(when, scan())).toBe(true);
    expect(matches(when, scan({ country: 'CN' }))).toBe(false);
    expect(matches(when, scan({ os: 'android' }))).toBe(false);
    const either: RuleCondition = { any: [{ os: ['android'] }, { country: ['AT', 'DE'] }] };
    expect(matches(either, scan())).toBe(true);
    expect(matches(either, scan({ country: 'FR' }))).toBe(false);
    expect(matches({ not: { not: { bot: false } } }, scan())).toBe(true);
  });

  it('short-circuits: a later `scans` leaf is not asked for when an earlier leaf decides', () => {
    let asked = 0;
    const count = () => {
      asked++;
      return 0;
    };
    expect(matches({ all: [{ bot: true }, { scans: { lt: 3 } }] }, scan({ scansBefore: count }))).toBe(false);
    expect(asked).toBe(0);
    expect(matches({ all: [{ bot: false }, { scans: { lt: 3 } }] }, scan({ scansBefore: count }))).toBe(true);
    expect(asked).toBe(1);
  });
});

describe('leaves', () => {
  it('device, os, browser and bot', () => {
    expect(matches({ device: ['tablet', 'mobile'] }, scan())).toBe(true);
    expect(matches({ device: ['desktop'] }, scan())).toBe(false);
    expect(matches({ os: ['android', 'ios'] }, scan())).toBe(true);
    expect(matches({ os: ['ios'] }, scan({ os: null }))).toBe(false);
    expect(matches({ browser: ['safari'] }, scan())).toBe(true);
    expect(matches({ browser: ['chrome'] }, scan({ browser: null }))).toBe(false);
    expect(matches({ bot: true }, scan({ bot: true }))).toBe(true);
    expect(matches({ bot: true }, scan())).toBe(false);
    expect(matches({ bot: false }, scan())).toBe(true);
  });

  it('language: the most preferred tag only; a primary tag matches its regional forms', () => {
    expect(matches({ language: ['de'] }, scan({ languages: ['de-de', 'en'] }))).toBe(true);
    expect(matches({ language: ['de'] }, scan({ languages: ['de'] }))).toBe(true);
    expect(matches({ language: ['de-CH'] }, scan({ languages: ['de-ch'] }))).toBe(true);
    expect(matches({ language: ['de-CH'] }, scan({ languages: ['de-de'] }))).toBe(false);
    expect(matches({ language: ['de-CH'] }, scan({ languages: ['de'] }))).toBe(false);
    // English is accepted but not preferred.
    expect(matches({ language: ['en'] }, scan({ languages: ['de-de', 'en'] }))).toBe(false);
    // "de" is not a prefix of "dey" (a different language).
    expect(matches({ language: ['de'] }, scan({ languages: ['dey'] }))).toBe(false);
    expect(matches({ language: ['de'] }, scan({ languages: [] }))).toBe(false);
  });

  it('country and hostname', () => {
    expect(matches({ country: ['AT', 'DE'] }, scan())).toBe(true);
    expect(matches({ country: ['US'] }, scan())).toBe(false);
    expect(matches({ country: ['US'] }, scan({ country: null }))).toBe(false);
    expect(matches({ hostname: ['QR.example.com.'] }, scan())).toBe(true);
    expect(matches({ hostname: ['example.com'] }, scan())).toBe(false);
  });

  it('referrer: the host itself and its subdomains, nothing else', () => {
    const when: RuleCondition = { referrer: ['example.com'] };
    expect(matches(when, scan({ referrerHost: 'example.com' }))).toBe(true);
    expect(matches(when, scan({ referrerHost: 'www.example.com' }))).toBe(true);
    expect(matches(when, scan({ referrerHost: 'a.b.example.com' }))).toBe(true);
    expect(matches(when, scan({ referrerHost: 'notexample.com' }))).toBe(false);
    expect(matches(when, scan({ referrerHost: 'example.com.evil.net' }))).toBe(false);
    expect(matches(when, scan({ referrerHost: null }))).toBe(false);
  });

  it('query: present, or any value equal', () => {
    expect(matches({ query: { name: 'src' } }, scan({ query: new URLSearchParams('src=') }))).toBe(true);
    expect(matches({ query: { name: 'src' } }, scan({ query: new URLSearchParams('other=1') }))).toBe(false);
    const flyer: RuleCondition = { query: { name: 'src', equals: 'flyer' } };
    expect(matches(flyer, scan({ query: new URLSearchParams('src=flyer') }))).toBe(true);
    expect(matches(flyer, scan({ query: new URLSearchParams('src=poster&src=flyer') }))).toBe(true);
    expect(matches(flyer, scan({ query: new URLSearchParams('src=Flyer') }))).toBe(false);
    expect(matches({ query: { name: 'src', equals: '' } }, scan({ query: new URLSearchParams('src') }))).toBe(
      true,
    );
  });

  it('ip: IPv4 and IPv6 addresses and CIDRs, IPv4-mapped IPv6 as IPv4', () => {
    const when: RuleCondition = { ip: ['10.0.0.0/8', '192.0.2.1', '2001:db8::/32', '::1'] };
    const from = (address: string) => scan({ ip: parseIpAddress(address) });
    expect(matches(when, from('10.20.30.40'))).toBe(true);
    expect(matches(when, from('11.0.0.1'))).toBe(false);
    expect(matches(when, from('192.0.2.1'))).toBe(true);
    expect(matches(when, from('192.0.2.2'))).toBe(false);
    expect(matches(when, from('2001:db8:1234::5'))).toBe(true);
    expect(matches(when, from('2001:db9::5'))).toBe(false);
    expect(matches(when, from('::1'))).toBe(true);
    expect(matches(when, from('::ffff:10.1.1.1'))).toBe(true);
    expect(matches(when, from('::ffff:11.1.1.1'))).toBe(false);
    expect(matches(when, scan({ ip: null }))).toBe(false);
  });

  it('scans: lt sends the first n, gte the ones after', () => {
    const firstThree: RuleCondition = { scans: { lt: 3 } };
    expect([0, 1, 2, 3, 4].map((n) => matches(firstThree, scan({ scansBefore: n })))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    const window: RuleCondition = { scans: { gte: 2, lt: 4 } };
    expect([0, 1, 2, 3, 4].map((n) => matches(window, scan({ scansBefore: () => n })))).toEqual([
      false,
      false,
      true,
      true,
      false,
    ]);
  });

  it('date: from inclusive, a `to` date through its whole local day', () => {
    const advent: RuleCondition = {
      date: { from: '2026-12-01', to: '2026-12-24', timeZone: 'Europe/Berlin' },
    };
    expect(matches(advent, scan({ now: at('2026-11-30T22:59:59Z') }))).toBe(false);
    expect(matches(advent, scan({ now: at('2026-11-30T23:00:00Z') }))).toBe(true);
    expect(matches(advent, scan({ now: at('2026-12-24T22:59:59Z') }))).toBe(true);
    expect(matches(advent, scan({ now: at('2026-12-24T23:00:00Z') }))).toBe(false);
    const until: RuleCondition = { date: { to: '2026-06-01T12:00:00+02:00' } };
    expect(matches(until, scan({ now: at('2026-06-01T09:59:59Z') }))).toBe(true);
    expect(matches(until, scan({ now: at('2026-06-01T10:00:00Z') }))).toBe(false);
    expect(matches({ date: { from: '2026-06-01' } }, scan({ now: at('2026-06-01T00:00:00Z') }))).toBe(true);
    expect(matches({ date: { from: '2026-06-01' } }, scan({ now: at('2026-05-31T23:59:59Z') }))).toBe(false);
  });
});

describe('time windows', () => {
  const office = (timeZone: string): RuleCondition => ({
    time: { from: '09:00', to: '17:00', days: [1, 2, 3, 4, 5], timeZone },
  });

  it('reads a window without `from` and `to` as the whole day', () => {
    const weekdays: RuleCondition = { time: { days: [1, 2, 3, 4, 5], timeZone: 'UTC' } };
    // 2026-03-06 is a Friday, 2026-03-07 a Saturday.
    expect(matches(weekdays, scan({ now: at('2026-03-06T00:00:00Z') }))).toBe(true);
    expect(matches(weekdays, scan({ now: at('2026-03-06T23:59:00Z') }))).toBe(true);
    expect(matches(weekdays, scan({ now: at('2026-03-07T00:00:00Z') }))).toBe(false);
    const evenings: RuleCondition = { time: { from: '18:00', timeZone: 'UTC' } };
    expect(matches(evenings, scan({ now: at('2026-03-06T23:59:00Z') }))).toBe(true);
    expect(matches(evenings, scan({ now: at('2026-03-06T17:59:00Z') }))).toBe(false);
  });

  it('checks the local time and weekday (1 = Monday)', () => {
    const when = office('Europe/Berlin');
    // Wednesday 2026-03-04, Berlin is UTC+1.
    expect(matches(when, scan({ now: at('2026-03-04T07:59:00Z') }))).toBe(false);
    expect(matches(when, scan({ now: at('2026-03-04T08:00:00Z') }))).toBe(true);
    expect(matches(when, scan({ now: at('2026-03-04T15:59:00Z') }))).toBe(true);
    expect(matches(when, scan({ now: at('2026-03-04T16:00:00Z') }))).toBe(false);
    // Saturday.
    expect(matches(when, scan({ now: at('2026-03-07T10:00:00Z') }))).toBe(false);
    // Sunday is 7.
    expect(
      matches(
        { time: { from: '00:00', to: '24:00', days: [7], timeZone: 'UTC' } },
        scan({ now: at('2026-03-08T23:59:00Z') }),
      ),
    ).toBe(true);
  });

  it('keeps 09:00 local across both DST changes in Berlin', () => {
    const when = office('Europe/Berlin');
    // Friday before spring forward (CET, UTC+1) and Monday after (CEST, UTC+2).
    expect(matches(when, scan({ now: at('2026-03-27T08:00:00Z') }))).toBe(true);
    expect(matches(when, scan({ now: at('2026-03-30T07:00:00Z') }))).toBe(true);
    expect(matches(when, scan({ now: at('2026-03-30T06:59:00Z') }))).toBe(false);
    expect(matches(when, scan({ now: at('2026-03-30T14:59:00Z') }))).toBe(true);
    expect(matches(when, scan({ now: at('2026-03-30T15:00:00Z') }))).toBe(false);
    // Friday before fall back (CEST) and Monday after (CET).
    expect(matches(when, scan({ now: at('2026-10-23T07:00:00Z') }))).toBe(true);
    expect(matches(when, scan({ now: at('2026-10-26T07:00:00Z') }))).toBe(false);
    expect(matches(when, scan({ now: at('2026-10-26T08:00:00Z') }))).toBe(true);
    expect(matches(when, scan({ now: at('2026-10-26T15:59:00Z') }))).toBe(true);
  });

  it('keeps 09:00 local across both DST changes in New York', () => {
    const when = office('America/New_York');
    // Friday 2026-03-06 (EST, UTC-5), Monday 2026-03-09 (EDT, UTC-4).
    expect(matches(when, scan({ now: at('2026-03-06T14:00:00Z') }))).toBe(true);
    expect(matches(when, scan({ now: at('2026-03-06T13:59:00Z') }))).toBe(false);
    expect(matches(when, scan({ now: at('2026-03-09T13:00:00Z') }))).toBe(true);
    expect(matches(when, scan({ now: at('2026-03-09T12:59:00Z') }))).toBe(false);
    expect(matches(when, scan({ now: at('2026-03-09T20:59:00Z') }))).toBe(true);
    expect(matches(when, scan({ now: at('2026-03-09T21:00:00Z') }))).toBe(false);
    // Friday 2026-10-30 (EDT), Monday 2026-11-02 (EST).
    expect(matches(when, scan({ now: at('2026-10-30T13:00:00Z') }))).toBe(true);
    expect(matches(when, scan({ now: at('2026-11-02T13:00:00Z') }))).toBe(false);
    expect(matches(when, scan({ now: at('2026-11-02T14:00:00Z') }))).toBe(true);
  });

  it('handles the hours the DST changes skip and repeat', () => {
    const night = (timeZone: string): RuleCondition => ({ time: { from: '01:00', to: '04:00', timeZone } });
    // Berlin 2026-03-29: 01:30 CET, 03:30 CEST are in; 04:00 CEST is out; 02:xx does not exist.
    expect(matches(night('Europe/Berlin'), scan({ now: at('2026-03-29T00:30:00Z') }))).toBe(true);
    expect(matches(night('Europe/Berlin'), scan({ now: at('2026-03-29T01:30:00Z') }))).toBe(true);
    expect(matches(night('Europe/Berlin'), scan({ now: at('2026-03-29T02:00:00Z') }))).toBe(false);
    // Berlin 2026-10-25: 02:30 happens twice, both are in the window 02:00-03:00.
    const repeated: RuleCondition = { time: { from: '02:00', to: '03:00', timeZone: 'Europe/Berlin' } };
    expect(matches(repeated, scan({ now: at('2026-10-25T00:30:00Z') }))).toBe(true);
    expect(matches(repeated, scan({ now: at('2026-10-25T01:30:00Z') }))).toBe(true);
    expect(matches(repeated, scan({ now: at('2026-10-25T02:00:00Z') }))).toBe(false);
    // New York 2026-11-01: 01:30 happens twice (EDT then EST); 02:00 EST (07:00 UTC) is out of 01:00-02:00.
    const ny: RuleCondition = { time: { from: '01:00', to: '02:00', timeZone: 'America/New_York' } };
    expect(matches(ny, scan({ now: at('2026-11-01T05:30:00Z') }))).toBe(true);
    expect(matches(ny, scan({ now: at('2026-11-01T06:30:00Z') }))).toBe(true);
    expect(matches(ny, scan({ now: at('2026-11-01T07:00:00Z') }))).toBe(false);
    // New York 2026-03-08: 02:xx is skipped, so a 02:00-03:00 window never opens that night.
    const skipped: RuleCondition = { time: { from: '02:00', to: '03:00', timeZone: 'America/New_York' } };
    const minutes = Array.from({ length: 180 }, (_, i) => at('2026-03-08T06:00:00Z') + i * 60_000);
    expect(minutes.some((now) => matches(skipped, scan({ now })))).toBe(false);
  });

  it('spans midnight when from > to, counting the night as the day it started', () => {
    // Friday and Saturday nights, 22:00 to 02:00, in Berlin (2026-03-06 is a Friday).
    const when: RuleCondition = {
      time: { from: '22:00', to: '02:00', days: [5, 6], timeZone: 'Europe/Berlin' },
    };
    expect(matches(when, scan({ now: at('2026-03-05T21:30:00Z') }))).toBe(false); // Thu 22:30
    expect(matches(when, scan({ now: at('2026-03-06T00:30:00Z') }))).toBe(false); // Fri 01:30 (Thursday's night)
    expect(matches(when, scan({ now: at('2026-03-06T21:00:00Z') }))).toBe(true); // Fri 22:00
    expect(matches(when, scan({ now: at('2026-03-07T00:59:00Z') }))).toBe(true); // Sat 01:59 (Friday's night)
    expect(matches(when, scan({ now: at('2026-03-07T01:00:00Z') }))).toBe(false); // Sat 02:00
    expect(matches(when, scan({ now: at('2026-03-07T12:00:00Z') }))).toBe(false); // Sat noon
    expect(matches(when, scan({ now: at('2026-03-08T00:30:00Z') }))).toBe(true); // Sun 01:30 (Saturday's night)
    expect(matches(when, scan({ now: at('2026-03-08T21:30:00Z') }))).toBe(false); // Sun 22:30
    expect(matches(when, scan({ now: at('2026-03-09T00:30:00Z') }))).toBe(false); // Mon 01:30 (Sunday's night)
  });

  it('spans midnight across a DST change (New York, Saturday night into fall back)', () => {
    const when: RuleCondition = {
      time: { from: '23:00', to: '03:00', days: [6], timeZone: 'America/New_York' },
    };
    expect(matches(when, scan({ now: at('2026-11-01T03:00:00Z') }))).toBe(true); // Sat 23:00 EDT
    expect(matches(when, scan({ now: at('2026-11-01T06:30:00Z') }))).toBe(true); // Sun 01:30 EST
    expect(matches(when, scan({ now: at('2026-11-01T07:59:00Z') }))).toBe(true); // Sun 02:59 EST
    expect(matches(when, scan({ now: at('2026-11-01T08:00:00Z') }))).toBe(false); // Sun 03:00 EST
  });

  it('allows 24:00 as the end of the day', () => {
    const evening: RuleCondition = { time: { from: '18:00', to: '24:00', timeZone: 'UTC' } };
    expect(matches(evening, scan({ now: at('2026-03-04T23:59:59Z') }))).toBe(true);
    expect(matches(evening, scan({ now: at('2026-03-05T00:00:00Z') }))).toBe(false);
  });

  it('never matches a zone that does not exist (a stored rule from another ICU)', () => {
    expect(matches({ time: { from: '00:00', to: '24:00', timeZone: 'Mars/Base' } }, scan())).toBe(false);
  });
});

describe('firstMatch and evaluateRules', () => {
  const rules = [
    rule('rule_off', null, go('https://off.example'), false),
    rule('rule_android', { os: ['android'] }, go('https://play.example')),
    rule('rule_ios', { os: ['ios'] }, go('https://apps.example')),
    rule('rule_any', null, go('https://any.example')),
  ];

  it('returns the first enabled matching rule, in order', () => {
    expect(firstMatch(rules, scan())?.id).toBe('rule_ios');
    expect(firstMatch(rules, scan({ os: 'android' }))?.id).toBe('rule_android');
    expect(firstMatch(rules, scan({ os: 'windows' }))?.id).toBe('rule_any');
    expect(firstMatch(rules.slice(0, 3), scan({ os: 'windows' }))).toBeNull();
    expect(firstMatch([], scan())).toBeNull();
  });

  it('goes on to the next rule when a template leaves no valid URL', () => {
    const byCountry = rule('rule_c', null, go('https://{country}.example.com/'));
    const fallback = rule('rule_f', null, go('https://www.example.com/'));
    expect(evaluateRules([byCountry, fallback], scan(), opts)?.target.url).toBe('https://DE.example.com/');
    const result = evaluateRules([byCountry, fallback], scan({ country: null }), opts);
    expect(result?.rule.id).toBe('rule_f');
    expect(evaluateRules([byCountry], scan({ country: null }), opts)).toBeNull();
  });

  it('knows which rules need the scan count', () => {
    expect(needsScanCount(rules)).toBe(false);
    expect(
      needsScanCount([...rules, rule('rule_s', { any: [{ scans: { lt: 1 } }] }, go('https://a.example'))]),
    ).toBe(true);
  });
});

describe('resolveAction', () => {
  it('redirects with the status given, 302 by default', () => {
    expect(resolveAction(rule('r', null, go('https://a.example/x')), scan(), opts)).toEqual({
      url: 'https://a.example/x',
      status: 302,
    });
    expect(
      resolveAction(rule('r', null, { redirect: 'https://a.example', status: 308 }), scan(), opts)?.status,
    ).toBe(308);
  });

  it('fills templates with URL-encoded values', () => {
    const r = rule('r', null, go('https://a.example/{lang}/{slug}?c={country}&ref={query.ref}'));
    const ctx = scan({ query: new URLSearchParams('ref=a&b c/d') });
    expect(resolveAction(r, ctx, opts)?.url).toBe('https://a.example/de-DE/spring-menu?c=DE&ref=a');
    const tricky = scan({ query: new URLSearchParams({ ref: 'x&admin=1#frag' }) });
    expect(resolveAction(r, tricky, opts)?.url).toBe(
      'https://a.example/de-DE/spring-menu?c=DE&ref=x%26admin%3D1%23frag',
    );
  });

  it('passes the query on when asked, the target keeping its own parameters', () => {
    const pass = rule('r', null, {
      redirect: 'https://a.example/p?utm_source=qr&keep=1#top',
      passQuery: true,
    });
    const ctx = scan({ query: new URLSearchParams('utm_source=mail&x=1&x=2&sp ace=a b') });
    expect(resolveAction(pass, ctx, opts)?.url).toBe(
      'https://a.example/p?utm_source=qr&keep=1&x=1&x=2&sp%20ace=a%20b#top',
    );
    expect(resolveAction(pass, scan(), opts)?.url).toBe('https://a.example/p?utm_source=qr&keep=1#top');
    const bare = rule('r', null, { redirect: 'https://a.example', passQuery: true });
    expect(resolveAction(bare, scan({ query: new URLSearchParams('a=1') }), opts)?.url).toBe(
      'https://a.example?a=1',
    );
    const off = rule('r', null, { redirect: 'https://a.example/p' });
    expect(resolveAction(off, ctx, opts)?.url).toBe('https://a.example/p');
    const templated = rule('r', null, { redirect: 'https://a.example/{slug}?x={query.x}', passQuery: true });
    expect(resolveAction(templated, ctx, opts)?.url).toBe(
      'https://a.example/spring-menu?x=1&utm_source=mail&sp%20ace=a%20b',
    );
  });

  it('splits by weight: shares land within 1% over 100,000 seeded draws', () => {
    const split = rule('rule_ab', null, {
      split: [
        { url: 'https://a.example', weight: 20 },
        { url: 'https://b.example', weight: 30 },
        { url: 'https://c.example', weight: 0 },
        { url: 'https://d.example', weight: 50 },
      ],
    });
    const random = seeded(42);
    const counts = [0, 0, 0, 0];
    const draws = 100_000;
    for (let i = 0; i < draws; i++) {
      const target = resolveAction(split, scan(), { ...opts, random });
      const index = target?.splitIndex ?? 0;
      counts[index] = (counts[index] ?? 0) + 1;
    }
    const shares = counts.map((c) => c / draws);
    expect(shares[0]).toBeCloseTo(0.2, 1);
    expect(Math.abs((shares[0] ?? 0) - 0.2)).toBeLessThan(0.01);
    expect(Math.abs((shares[1] ?? 0) - 0.3)).toBeLessThan(0.01);
    expect(counts[2]).toBe(0);
    expect(Math.abs((shares[3] ?? 0) - 0.5)).toBeLessThan(0.01);
  });

  it('maps the ends of the random range to the first and last targets', () => {
    const split = rule('r', null, {
      split: [
        { url: 'https://a.example', weight: 50 },
        { url: 'https://b.example', weight: 50 },
      ],
    });
    expect(resolveAction(split, scan(), { ...opts, random: () => 0 })?.url).toBe('https://a.example');
    expect(resolveAction(split, scan(), { ...opts, random: () => 0.4999 })?.url).toBe('https://a.example');
    expect(resolveAction(split, scan(), { ...opts, random: () => 0.5 })?.url).toBe('https://b.example');
    expect(resolveAction(split, scan(), { ...opts, random: () => 0.999999 })?.url).toBe('https://b.example');
  });

  describe('sticky splits', () => {
    const sticky = (id: string) =>
      rule(id, null, {
        split: [
          { url: 'https://a.example', weight: 10 },
          { url: 'https://b.example', weight: 90 },
        ],
        sticky: true,
      });

    it('sends a scanner to the same target every time, whatever the random source says', () => {
      const r = sticky('rule_sticky');
      for (let k = 0; k < 200; k++) {
        const key = `scanner-${k}-0123456789`;
        const first = resolveAction(r, scan(), { ...opts, stickyKey: key, random: seeded(k) });
        for (let i = 0; i < 5; i++) {
          const again = resolveAction(r, scan(), { ...opts, stickyKey: key, random: seeded(k * 31 + i) });
          expect(again?.splitIndex).toBe(first?.splitIndex);
        }
        expect(first?.newStickyKey).toBeUndefined();
      }
    });

    it('spreads scanners by weight, and independently per rule', () => {
      const random = seeded(7);
      const keyOf = () =>
        Array.from(
          { length: 22 },
          () => 'abcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(random() * 36)],
        ).join('');
      const one = sticky('rule_one');
      const two = sticky('rule_two');
      let toA = 0;
      let agree = 0;
      const scanners = 100_000;
      for (let i = 0; i < scanners; i++) {
        const key = keyOf();
        const a = resolveAction(one, scan(), { ...opts, stickyKey: key })?.splitIndex;
        const b = resolveAction(two, scan(), { ...opts, stickyKey: key })?.splitIndex;
        if (a === 0) toA++;
        if (a === 0 && b === 0) agree++;
      }
      expect(Math.abs(toA / scanners - 0.1)).toBeLessThan(0.01);
      // Independent rules put about 10% of 10% of scanners in both first targets.
      expect(Math.abs(agree / scanners - 0.01)).toBeLessThan(0.005);
    });

    it('makes a sticky id for a scanner without a valid one, for the edge to set as a cookie', () => {
      const r = sticky('rule_sticky');
      const made = resolveAction(r, scan(), { ...opts, newStickyKey: () => 'fresh-id-0123456789abc' });
      expect(made?.newStickyKey).toBe('fresh-id-0123456789abc');
      expect(made?.splitIndex).toBe(stickyBucket('fresh-id-0123456789abc', 'rule_sticky') < 10 ? 0 : 1);
      const replaced = resolveAction(r, scan(), {
        ...opts,
        stickyKey: 'short',
        newStickyKey: () => 'x'.repeat(22),
      });
      expect(replaced?.newStickyKey).toBe('x'.repeat(22));
      const defaulted = resolveAction(r, scan(), opts);
      expect(isStickyId(defaulted?.newStickyKey)).toBe(true);
    });

    it('has a cookie name and ids that pass their own check', () => {
      expect(STICKY_COOKIE_NAME).toMatch(/^[a-z_]+$/);
      const ids = new Set(Array.from({ length: 1000 }, newStickyId));
      expect(ids.size).toBe(1000);
      for (const id of ids) expect(isStickyId(id)).toBe(true);
      expect(isStickyId(undefined)).toBe(false);
      expect(isStickyId('has spaces in it, 1234')).toBe(false);
      expect(isStickyId('a'.repeat(65))).toBe(false);
    });

    it('buckets deterministically in 0..99', () => {
      expect(stickyBucket('abc', 'rule_1')).toBe(stickyBucket('abc', 'rule_1'));
      const buckets = new Set(Array.from({ length: 5000 }, (_, i) => stickyBucket(`k${i}`, 'rule_1')));
      expect(Math.min(...buckets)).toBe(0);
      expect(Math.max(...buckets)).toBe(99);
      expect(buckets.size).toBe(100);
    });
  });
});
