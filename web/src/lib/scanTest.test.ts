import { describe, expect, it } from 'vitest';
import { decisionSentence, outcomeSentence, type SimulatedScan, simulateBody } from './scanTest';

const blank = {
  userAgent: '',
  country: '',
  language: '',
  at: null,
  referrer: '',
  query: '',
  ip: '',
  scansBefore: '',
  password: '',
};

describe('simulateBody', () => {
  it('sends only what was given, as the API names it', () => {
    expect(simulateBody(blank)).toEqual({});
    expect(
      simulateBody({
        ...blank,
        userAgent: ' UA ',
        country: 'de',
        at: '2026-01-01T09:00:00.000Z',
        query: '?table=12',
        scansBefore: '3',
        password: ' spaced ',
      }),
    ).toEqual({
      userAgent: 'UA',
      country: 'DE',
      at: '2026-01-01T09:00:00.000Z',
      query: 'table=12',
      scansBefore: 3,
      password: ' spaced ',
    });
  });
});

describe('the answer in words', () => {
  const answer = (change: Partial<SimulatedScan>): SimulatedScan => ({
    target: 'https://example.com/',
    status: 302,
    decidedBy: 'default',
    rule: null,
    trace: [],
    ...change,
  });

  it('names the rule that decided by its name', () => {
    expect(decisionSentence(answer({ decidedBy: 'rule', rule: 'rule_1' }), () => 'iPhones')).toBe(
      'The rule “iPhones” matched.',
    );
  });

  it('says where the scan goes, or what page it meets', () => {
    expect(outcomeSentence(answer({}))).toBe('HTTP 302 to https://example.com/');
    expect(outcomeSentence(answer({ target: null, status: 410, decidedBy: 'expired' }))).toBe(
      'HTTP 410: a page saying the code has expired',
    );
    expect(
      outcomeSentence(answer({ target: 'https://hook.example/', status: null, decidedBy: 'exec' })),
    ).toBe('Your exec URL https://hook.example/ would be asked; its answer decides');
    expect(outcomeSentence(answer({ target: null, status: 200, decidedBy: 'password' }))).toBe(
      'HTTP 200: the password form',
    );
    expect(outcomeSentence(answer({ target: null, status: 401, decidedBy: 'password' }))).toBe(
      'HTTP 401: the password form again (that password is wrong)',
    );
  });
});
