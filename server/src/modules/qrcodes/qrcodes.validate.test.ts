import { describe, expect, it } from 'vitest';
import { applyMergePatch } from '../../shared/merge-patch.js';
import {
  encodeStaticData,
  escapeVcard,
  escapeWifi,
  httpUrlProblem,
  isEmailAddress,
  isPhoneNumber,
  isReservedSlug,
  isValidSlug,
  RANDOM_SLUG_LENGTH,
  RESERVED_SLUGS,
  randomSlug,
  SLUG_ALPHABET,
  type StaticData,
  validateExec,
  validateModeFields,
  validateStaticData,
} from './qrcodes.validate.js';

const paths = (errors: Array<{ path: string }>) => errors.map((e) => e.path);

describe('static data validation', () => {
  const valid: StaticData[] = [
    { kind: 'text', text: 'hello' },
    { kind: 'url', url: 'https://example.com/a?b=c' },
    { kind: 'email', to: 'ada@example.com', subject: 'Hi', body: 'Line 1\nLine 2' },
    { kind: 'phone', number: '+1 (415) 555-0123' },
    { kind: 'sms', number: '+4915112345678', message: 'Hello' },
    { kind: 'wifi', ssid: 'Cafe', password: 'espresso42', encryption: 'WPA' },
    { kind: 'wifi', ssid: 'Open', encryption: 'nopass', hidden: true },
    { kind: 'wifi', ssid: 'Old', password: 'abcde', encryption: 'WEP' },
    {
      kind: 'vcard',
      name: 'Ada Lovelace',
      org: 'Engines',
      phone: '+441234567',
      email: 'ada@example.com',
      url: 'https://ada.example',
    },
    { kind: 'geo', lat: 52.52, lng: 13.405 },
    { kind: 'geo', lat: -90, lng: 180 },
  ];
  it.each(valid)('accepts $kind data %#', (data) => {
    expect(validateStaticData(data, '/body/data')).toEqual([]);
  });

  const invalid: Array<[StaticData, string[]]> = [
    [{ kind: 'text' }, ['/body/data/text']],
    [{ kind: 'text', text: 'a\u0000b' }, ['/body/data/text']],
    [{ kind: 'url', url: 'javascript:alert(1)' }, ['/body/data/url']],
    [{ kind: 'url', url: 'ftp://example.com' }, ['/body/data/url']],
    [{ kind: 'url', url: 'not a url' }, ['/body/data/url']],
    [{ kind: 'email', to: 'nobody' }, ['/body/data/to']],
    [{ kind: 'email', to: 'a@b' }, ['/body/data/to']],
    [{ kind: 'phone', number: 'call me' }, ['/body/data/number']],
    [{ kind: 'phone', number: '12' }, ['/body/data/number']],
    [{ kind: 'phone', number: '+1234567890123456' }, ['/body/data/number']],
    [{ kind: 'sms', message: 'hi' }, ['/body/data/number']],
    [{ kind: 'wifi', ssid: 'x', encryption: 'WPA', password: 'short' }, ['/body/data/password']],
    [{ kind: 'wifi', ssid: 'x', encryption: 'nopass', password: 'secret123' }, ['/body/data/password']],
    [{ kind: 'wifi', ssid: 'x'.repeat(33), encryption: 'nopass' }, ['/body/data/ssid']],
    [{ kind: 'wifi', ssid: 'x' }, ['/body/data/encryption']],
    [{ kind: 'vcard', name: 'A', email: 'nope' }, ['/body/data/email']],
    [{ kind: 'geo', lat: 91, lng: 0 }, ['/body/data/lat']],
    [{ kind: 'geo', lat: 0, lng: -180.5 }, ['/body/data/lng']],
    [{ kind: 'geo', lat: Number.NaN, lng: 0 }, ['/body/data/lat']],
    [{ kind: 'geo', lat: 1 }, ['/body/data/lng']],
    [{ kind: 'text', text: 'x', url: 'https://example.com' }, ['/body/data/url']],
  ];
  it.each(invalid)('refuses %j at its field', (data, expected) => {
    expect(paths(validateStaticData(data, '/body/data'))).toEqual(expected);
  });
});

describe('encoding static data', () => {
  it('encodes text and urls as they are', () => {
    expect(encodeStaticData({ kind: 'text', text: 'héllo' })).toBe('héllo');
    expect(encodeStaticData({ kind: 'url', url: 'https://example.com/' })).toBe('https://example.com/');
  });

  it('encodes email as mailto: with percent-encoded subject and body', () => {
    expect(encodeStaticData({ kind: 'email', to: 'ada@example.com' })).toBe('mailto:ada@example.com');
    expect(
      encodeStaticData({ kind: 'email', to: 'ada@example.com', subject: 'Hi there', body: 'a&b=c\n' }),
    ).toBe('mailto:ada@example.com?subject=Hi%20there&body=a%26b%3Dc%0A');
  });

  it('encodes phone and sms numbers compactly', () => {
    expect(encodeStaticData({ kind: 'phone', number: '+1 (415) 555-0123' })).toBe('tel:+14155550123');
    expect(encodeStaticData({ kind: 'sms', number: '030 1234', message: 'Hi: there' })).toBe(
      'SMSTO:0301234:Hi: there',
    );
    expect(encodeStaticData({ kind: 'sms', number: '+49 1' })).toBe('SMSTO:+491:');
  });

  it('encodes wifi with the special characters escaped', () => {
    expect(escapeWifi('a\\b;c,d:e"f')).toBe('a\\\\b\\;c\\,d\\:e\\"f');
    expect(
      encodeStaticData({
        kind: 'wifi',
        ssid: 'My;Net',
        password: 'p:ss"word',
        encryption: 'WPA',
        hidden: true,
      }),
    ).toBe('WIFI:T:WPA;S:My\\;Net;P:p\\:ss\\"word;H:true;;');
    expect(encodeStaticData({ kind: 'wifi', ssid: 'Open', encryption: 'nopass' })).toBe(
      'WIFI:T:nopass;S:Open;;',
    );
  });

  it('encodes a vCard 3.0 with escaping and CRLF lines', () => {
    expect(escapeVcard('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const card = encodeStaticData({
      kind: 'vcard',
      name: 'Ada King Lovelace',
      org: 'Engines, Ltd; London',
      phone: '+44 20 1234',
      email: 'ada@example.com',
      url: 'https://ada.example',
      address: "12 St James's Square\nLondon",
    });
    expect(card.split('\r\n')).toEqual([
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Lovelace;Ada King;;;',
      'FN:Ada King Lovelace',
      'ORG:Engines\\, Ltd\\; London',
      'TEL:+44201234',
      'EMAIL:ada@example.com',
      'URL:https://ada.example',
      "ADR:;;12 St James's Square\\nLondon;;;;",
      'END:VCARD',
    ]);
    expect(encodeStaticData({ kind: 'vcard', name: 'Cher' }).split('\r\n')[2]).toBe('N:;Cher;;;');
  });

  it('encodes geo without exponents', () => {
    expect(encodeStaticData({ kind: 'geo', lat: 52.52, lng: 13.405 })).toBe('geo:52.52,13.405');
    expect(encodeStaticData({ kind: 'geo', lat: -0.00000001, lng: 1e-7 })).toBe('geo:0,0.0000001');
    expect(encodeStaticData({ kind: 'geo', lat: 10, lng: -120 })).toBe('geo:10,-120');
  });
});

describe('modes', () => {
  it('requires the field of the mode and refuses the others', () => {
    expect(
      paths(
        validateModeFields(
          { mode: 'redirect', target: undefined, data: undefined, exec: undefined },
          '/body',
        ),
      ),
    ).toEqual(['/body/target']);
    expect(
      paths(
        validateModeFields(
          { mode: 'redirect', target: 'https://a.example', data: { kind: 'text', text: 'x' }, exec: null },
          '/body',
        ),
      ),
    ).toEqual(['/body/data']);
    expect(
      paths(validateModeFields({ mode: 'static', target: null, data: null, exec: null }, '/body')),
    ).toEqual(['/body/data']);
    expect(
      paths(
        validateModeFields({ mode: 'redirect', target: 'mailto:x@y.z', data: null, exec: null }, '/body'),
      ),
    ).toEqual(['/body/target']);
    expect(
      validateModeFields(
        { mode: 'redirect', target: 'https://example.com', data: null, exec: null },
        '/body',
      ),
    ).toEqual([]);
  });

  it('checks exec settings', () => {
    expect(validateExec({ url: 'https://a.example/hook', fallback: 'https://a.example' }, '/e')).toEqual([]);
    expect(paths(validateExec({ url: 'https://a.example/hook' }, '/e'))).toEqual(['/e/fallback']);
    expect(
      paths(validateExec({ url: 'file:///etc/passwd', fallback: 'https://a.example', timeoutMs: 99 }, '/e')),
    ).toEqual(['/e/url', '/e/timeoutMs']);
    expect(
      paths(validateExec({ url: 'http://a.example', fallback: 'http://b.example', timeoutMs: 5001 }, '/e')),
    ).toEqual(['/e/timeoutMs']);
  });

  it('knows URLs, addresses and numbers', () => {
    expect(httpUrlProblem('https://example.com')).toBeNull();
    expect(httpUrlProblem(`https://example.com/${'a'.repeat(2100)}`)).toMatch(/at most/);
    expect(isEmailAddress('first.last+tag@sub.example.co.uk')).toBe(true);
    expect(isEmailAddress('a b@example.com')).toBe(false);
    expect(isPhoneNumber('+49 (30) 123-45.67')).toBe(true);
    expect(isPhoneNumber('+49 30 12a')).toBe(false);
  });
});

describe('slugs', () => {
  it('takes 3 to 64 of A-Z a-z 0-9 _ -', () => {
    expect(isValidSlug('abc')).toBe(true);
    expect(isValidSlug('Spring_Menu-2026')).toBe(true);
    expect(isValidSlug('ab')).toBe(false);
    expect(isValidSlug('a'.repeat(65))).toBe(false);
    expect(isValidSlug('with space')).toBe(false);
    expect(isValidSlug('ümlaut')).toBe(false);
  });

  it('reserves the site words on the primary host only, in any case', () => {
    for (const word of [
      'api',
      'docs',
      'r',
      'tutorials',
      'login',
      'analytics',
      'api-keys',
      'qr-design-tool',
      'healthz',
    ]) {
      expect(RESERVED_SLUGS).toContain(word);
    }
    expect(isReservedSlug('api', '')).toBe(true);
    expect(isReservedSlug('API', '')).toBe(true);
    expect(isReservedSlug('Docs', '')).toBe(true);
    expect(isReservedSlug('api', 'qr.example.com')).toBe(false);
    expect(isReservedSlug('menu', '')).toBe(false);
  });

  it('makes random slugs of 8 unambiguous characters', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) {
      const slug = randomSlug();
      expect(slug).toHaveLength(RANDOM_SLUG_LENGTH);
      expect([...slug].every((char) => SLUG_ALPHABET.includes(char))).toBe(true);
      expect(isValidSlug(slug)).toBe(true);
      seen.add(slug);
    }
    expect(seen.size).toBe(500);
    for (const ambiguous of ['0', 'O', 'o', '1', 'l', 'I']) expect(SLUG_ALPHABET).not.toContain(ambiguous);
  });
});

describe('JSON merge patch (RFC 7396)', () => {
  it('merges objects, removes with null and replaces arrays', () => {
    expect(applyMergePatch({ a: 'b', c: { d: 'e', f: 'g' } }, { a: 'z', c: { f: null } })).toEqual({
      a: 'z',
      c: { d: 'e' },
    });
    expect(applyMergePatch({ a: [1, 2] }, { a: [3] })).toEqual({ a: [3] });
    expect(applyMergePatch({ a: 'b' }, { b: { c: null } })).toEqual({ a: 'b', b: {} });
    expect(applyMergePatch('x', { a: 1 })).toEqual({ a: 1 });
  });

  it('never touches the prototype', () => {
    const patch = JSON.parse('{"__proto__": {"polluted": true}, "constructor": {"x": 1}}');
    const merged = applyMergePatch({}, patch) as Record<string, unknown>;
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(merged)).toEqual([]);
  });
});
