import { describe, expect, it } from 'vitest';
import { buildScanContext } from '../redirect/scan-context.js';
import { explainCondition } from './rules.explain.js';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0 Mobile Safari/537.36';
const ctx = (now: string, query = '') =>
  buildScanContext(
    {
      headers: { 'user-agent': ANDROID, 'accept-language': 'fr-FR' },
      ip: undefined,
      hostname: 'rq.test',
      url: `/?${query}`,
      now: Date.parse(now),
      scansBefore: 4,
    },
    { geo: null },
  );

describe('a rule condition in words', () => {
  it('says why a condition does not match', () => {
    const at = ctx('2026-12-01T10:30:00+01:00', 'src=poster');
    expect(explainCondition({ os: ['ios'] }, at)).toEqual({
      matched: false,
      because: 'os is android, not ios',
    });
    expect(explainCondition({ time: { from: '09:00', to: '10:00', timeZone: 'Europe/Berlin' } }, at)).toEqual(
      {
        matched: false,
        because: 'Tue 10:30 in Europe/Berlin is outside 09:00-10:00',
      },
    );
    expect(explainCondition({ query: { name: 'src', equals: 'flyer' } }, at).because).toBe(
      'query src is poster, not flyer',
    );
    expect(explainCondition({ scans: { lt: 3 } }, at).because).toBe(
      '4 scans before this one is not fewer than 3',
    );
    expect(explainCondition({ all: [{ os: ['android'] }, { language: ['de', 'en'] }] }, at)).toEqual({
      matched: false,
      because: 'language is fr-fr, not de or en',
    });
  });

  it('agrees with the matcher when a condition matches', () => {
    const at = ctx('2026-12-01T09:30:00+01:00');
    expect(explainCondition({ any: [{ country: ['DE'] }, { device: ['mobile'] }] }, at)).toEqual({
      matched: true,
      because: 'device is mobile',
    });
    expect(explainCondition({ not: { bot: true } }, at)).toEqual({
      matched: true,
      because: 'not: the scanner is not a bot',
    });
    expect(explainCondition(null, at).matched).toBe(true);
  });
});
