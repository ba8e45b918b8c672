import { describe, expect, it } from 'vitest';
import {
  draftOf,
  emptyRule,
  type Json,
  leafJson,
  type Rule,
  replacingPatch,
  thenOf,
  whenOf,
} from './ruleModel';

function rule(overrides: Partial<Rule>): Rule {
  return {
    id: 'rule_1',
    name: 'iPhones to the App Store',
    enabled: true,
    when: null,
    then: { redirect: 'https://apps.apple.com/app/1', status: 302, passQuery: false },
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:00:00.000Z',
    ...overrides,
  };
}

describe('a rule read into the form', () => {
  it('shows leaves the form knows as leaves, and sends back the same conditions', () => {
    const when: Record<string, Json> = {
      any: [
        { os: ['ios'] },
        { not: { country: ['DE', 'AT'] } },
        { time: { from: '09:00', to: '17:00', timeZone: 'Europe/Berlin', days: [1, 2] } },
        { scans: { lt: 100 } },
      ],
    };
    const draft = draftOf(rule({ when }));
    expect(draft.whenJson).toBeNull();
    expect(draft.join).toBe('any');
    expect(draft.leaves.map((leaf) => [leaf.kind, leaf.negate])).toEqual([
      ['os', false],
      ['country', true],
      ['time', false],
      ['scans', false],
    ]);
    expect(whenOf(draft)).toEqual({ when });
  });

  it('keeps a shape the leaf form cannot show as JSON text, and sends it unchanged', () => {
    const when: Record<string, Json> = { all: [{ any: [{ os: ['ios'] }, { os: ['android'] }] }] };
    const draft = draftOf(rule({ when }));
    expect(draft.whenJson).toBe(JSON.stringify(when, null, 2));
    expect(draft.leaves).toEqual([]);
    expect(whenOf(draft)).toEqual({ when });
  });

  it('reads a split with its weights and stickiness', () => {
    const then: Record<string, Json> = {
      split: [
        { url: 'https://a.example', weight: 70 },
        { url: 'https://b.example', weight: 30 },
      ],
      sticky: true,
      status: 307,
      passQuery: true,
    };
    const draft = draftOf(rule({ then }));
    expect(draft.action).toBe('split');
    expect(draft.split.map(({ url, weight }) => [url, weight])).toEqual([
      ['https://a.example', '70'],
      ['https://b.example', '30'],
    ]);
    expect(thenOf(draft)).toEqual(then);
  });
});

describe('what the form sends', () => {
  it('sends no conditions for a rule without leaves, and says when typed JSON does not parse', () => {
    expect(whenOf(emptyRule())).toEqual({ when: null });
    expect(whenOf({ ...emptyRule(), whenJson: '  ' })).toEqual({ when: null });
    expect(whenOf({ ...emptyRule(), whenJson: '{ "os": [' })).toEqual({
      error: 'The conditions are not valid JSON.',
    });
    expect(whenOf({ ...emptyRule(), whenJson: '["ios"]' })).toEqual({
      error: 'The conditions must be a JSON object, such as {"os": ["ios"]}.',
    });
  });

  it('sends a typed number as a number and other text as is, so the API names the field', () => {
    const draft = {
      ...emptyRule(),
      action: 'split' as const,
      split: [
        { key: 1, url: ' https://a.example ', weight: '60' },
        { key: 2, url: 'https://b.example', weight: 'half' },
      ],
    };
    expect(thenOf(draft)).toEqual({
      split: [
        { url: 'https://a.example', weight: 60 },
        { url: 'https://b.example', weight: 'half' },
      ],
      sticky: true,
      status: 302,
      passQuery: false,
    });
  });

  it('trims the redirect target and leaves empty leaf fields out', () => {
    expect(thenOf({ ...emptyRule(), redirect: '  https://example.com/menu ' })).toEqual({
      redirect: 'https://example.com/menu',
      status: 302,
      passQuery: false,
    });
    const leaf = draftOf(rule({ when: { scans: { gte: 10 } } })).leaves[0]!;
    expect(leafJson(leaf)).toEqual({ scans: { gte: 10 } });
  });
});

describe('the merge patch that replaces', () => {
  it('sets keys the new value lacks to null, at every depth', () => {
    const current = { redirect: 'https://a.example', status: 302, extra: { a: 1, b: 2 } };
    const next = { split: [{ url: 'https://b.example', weight: 1 }], status: 302, extra: { a: 1 } };
    expect(replacingPatch(current, next)).toEqual({
      redirect: null,
      split: [{ url: 'https://b.example', weight: 1 }],
      status: 302,
      extra: { a: 1, b: null },
    });
  });

  it('is the new value itself when there was no object before', () => {
    expect(replacingPatch(undefined, { os: ['ios'] })).toEqual({ os: ['ios'] });
    expect(replacingPatch(null, { os: ['ios'] })).toEqual({ os: ['ios'] });
  });
});
