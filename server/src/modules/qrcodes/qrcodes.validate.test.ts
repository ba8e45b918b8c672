import type { StaticData } from '@rq/qr';
import { describe, expect, it } from 'vitest';
import {
  httpUrlProblem,
  isEmailAddress,
  isPhoneNumber,
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
