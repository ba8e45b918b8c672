import { describe, expect, it } from 'vitest';
import { simulateInputErrors } from './simulate.validate.js';

const pathsOf = (input: Parameters<typeof simulateInputErrors>[0]) =>
  simulateInputErrors(input).map((error) => error.path);

describe('a simulated scan', () => {
  it('takes what a real scan carries', () => {
    expect(
      simulateInputErrors({
        ip: '::ffff:203.0.113.7',
        language: 'zh-Hant-TW,zh;q=0.8,en;q=0.5,*;q=0',
        country: 'xk',
        referrer: 'android-app://com.example.reader/',
      }),
    ).toEqual([]);
    expect(simulateInputErrors({ language: 'de-CH', referrer: 'Example.COM.' })).toEqual([]);
    expect(simulateInputErrors({})).toEqual([]);
  });

  it('names each field a real scan could not carry', () => {
    expect(pathsOf({ ip: '999.1.1.1', language: '!!!' })).toEqual(['/body/language', '/body/ip']);
    expect(pathsOf({ ip: '1.2.3', country: 'ZZ', referrer: 'https://' })).toEqual([
      '/body/country',
      '/body/ip',
      '/body/referrer',
    ]);
    expect(pathsOf({ language: 'en,' })).toEqual(['/body/language']);
    expect(pathsOf({ language: 'en;level=1' })).toEqual(['/body/language']);
    expect(pathsOf({ language: 'en;q=0.1234' })).toEqual(['/body/language']);
  });
});
