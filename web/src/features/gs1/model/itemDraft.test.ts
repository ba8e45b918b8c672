import { describe, expect, it } from 'vitest';
import type { Gs1Item } from '../api/items';
import {
  checkDigit,
  createBody,
  draftOf,
  draftProblems,
  emptyItem,
  emptyRule,
  gtin14,
  levelName,
  linkChoices,
  listOf,
  patchBody,
  ruleOf,
} from './itemDraft';
import { scanBody } from './scanTest';

const stored: Gs1Item = {
  id: 'gs1_1',
  primaryKey: { ai: '01', value: '09506000134376' },
  prefix: false,
  hostname: null,
  uri: 'https://rq.link/01/09506000134376',
  itemDescription: 'Capsules',
  defaultLinkType: 'gs1:pip',
  links: [
    { linkType: 'gs1:pip', href: 'https://example.com/en', title: 'Info', hreflang: ['en', 'en-GB'] },
    {
      linkType: 'gs1:pip',
      href: 'https://example.com/de',
      title: 'Info',
      hreflang: ['de'],
      context: ['pos'],
    },
  ],
  levels: [
    {
      qualifiers: [
        { ai: '10', value: 'LOT01' },
        { ai: '21', value: '{serialnumber}' },
      ],
      itemDescription: null,
      defaultLinkType: null,
      links: [
        {
          linkType: 'gs1:recallStatus',
          href: 'https://example.com/recall',
          title: 'Recall',
          type: 'text/html',
        },
      ],
    },
  ],
  linksetNotes: [],
  rules: [
    { when: { os: ['ios'] }, href: 'https://example.com/de' },
    { when: { not: { country: ['DE'] } }, href: 'https://example.com/en' },
  ],
  controls: {
    activeFrom: null,
    expiresAt: '2027-01-01T00:00:00.000Z',
    maxScans: null,
    expiredTarget: null,
    passwordProtected: true,
    utm: { source: 'box' },
  },
  createdAt: '2026-11-29T00:00:00.000Z',
  updatedAt: '2026-11-29T00:00:00.000Z',
};

describe('the GS1 item form', () => {
  it('reads a stored item and writes it back unchanged as a patch', () => {
    const patch = patchBody(draftOf(stored), stored.controls);
    expect(patch).toEqual({
      hostname: null,
      itemDescription: 'Capsules',
      defaultLinkType: 'gs1:pip',
      links: stored.links,
      levels: [{ qualifiers: stored.levels[0]?.qualifiers, links: stored.levels[0]?.links }],
      rules: stored.rules,
    });
  });

  it('edits rules in words or as JSON, and sends only the link controls that changed', () => {
    const draft = draftOf(stored);
    expect(draft.rules.map((rule) => [rule.leaf, rule.values])).toEqual([
      ['os', 'ios'],
      ['json', ''],
    ]);
    expect(linkChoices(draft).map((choice) => choice.href)).toEqual([
      'https://example.com/en',
      'https://example.com/de',
      'https://example.com/recall',
    ]);
    draft.rules = [{ ...emptyRule('https://example.com/recall'), leaf: 'country', values: 'AT, CH' }];
    draft.controls = {
      ...draft.controls,
      maxScans: '100',
      password: { action: 'remove', value: '' },
      utm: { ...draft.controls.utm, source: '', campaign: 'spring' },
    };
    const patch = patchBody(draft, stored.controls);
    expect(patch.rules).toEqual([{ when: { country: ['AT', 'CH'] }, href: 'https://example.com/recall' }]);
    expect(patch.controls).toEqual({
      maxScans: 100,
      password: null,
      utm: { source: null, medium: null, campaign: 'spring', term: null, content: null },
    });
  });

  it('registers a company prefix only for SSCC, GRAI and GIAI, with its controls', () => {
    const draft = { ...emptyItem(), ai: '8004', value: '0950600013', prefix: true };
    draft.controls = { ...draft.controls, password: { action: 'set', value: 'open sesame' } };
    expect(createBody(draft)).toMatchObject({
      primaryKey: { ai: '8004', value: '0950600013' },
      prefix: true,
      controls: { password: 'open sesame' },
    });
    expect(createBody({ ...draft, ai: '01' })).not.toHaveProperty('prefix');
    expect(ruleOf({ ...emptyRule('https://x.example'), leaf: 'json', json: '{"bot": false}' })).toEqual({
      when: { bot: false },
      href: 'https://x.example',
    });
  });

  it('finds rules whose JSON conditions do not parse or are not an object, by their field', () => {
    const draft = emptyItem();
    draft.rules = [
      { ...emptyRule('https://a.example'), leaf: 'json', json: '{"bot": true}' },
      { ...emptyRule('https://b.example'), leaf: 'json', json: '{"bot": ' },
      { ...emptyRule('https://c.example'), leaf: 'json', json: '["ios"]' },
    ];
    expect(draftProblems(draft)).toEqual({
      '/body/rules/1/when': 'The conditions are not valid JSON.',
      '/body/rules/2/when': 'The conditions must be a JSON object, such as {"os": ["ios"]}.',
    });
    expect(draftProblems({ ...draft, rules: draft.rules.slice(0, 1) })).toEqual({});
  });

  it('writes a new item with lists typed as commas, and leaves empty fields out', () => {
    const draft = emptyItem();
    draft.value = ' 09506000134376 ';
    draft.links = [
      {
        key: 'a',
        linkType: 'gs1:pip',
        title: ' Info ',
        href: 'https://example.com',
        languages: 'en, de,,',
        contexts: '',
        mediaType: '',
      },
    ];
    draft.levels = [
      { key: 'b', lot: 'LOT01', serial: '', defaultLinkType: '', links: [] },
      { key: 'c', lot: '', serial: '{serialnumber}', defaultLinkType: 'gs1:pip', links: [] },
    ];
    expect(createBody(draft)).toEqual({
      primaryKey: { ai: '01', value: '09506000134376' },
      defaultLinkType: 'gs1:pip',
      links: [{ linkType: 'gs1:pip', title: 'Info', href: 'https://example.com', hreflang: ['en', 'de'] }],
      levels: [
        { qualifiers: [{ ai: '10', value: 'LOT01' }], links: [] },
        { qualifiers: [{ ai: '21', value: '{serialnumber}' }], defaultLinkType: 'gs1:pip', links: [] },
      ],
    });
    expect(listOf(' , ')).toEqual([]);
  });

  it('names levels and pads GTINs to 14 digits with the check digit GS1 computes', () => {
    expect(levelName([])).toBe('The item itself');
    expect(levelName(stored.levels[0]?.qualifiers ?? [])).toBe('Lot LOT01, serial {serialnumber}');
    expect(checkDigit('0950600013437')).toBe(6);
    expect(gtin14('9506000134376')).toBe('09506000134376');
    expect(gtin14('LOT')).toBe('LOT');
  });
});

describe('the GS1 scan tester', () => {
  it('sends only what was filled in, lot before serial', () => {
    expect(
      scanBody({ lot: ' L1 ', serial: 'S1', userAgent: '', language: '', linkType: ' ', context: '' }),
    ).toEqual({
      qualifiers: [
        { ai: '10', value: 'L1' },
        { ai: '21', value: 'S1' },
      ],
    });
    expect(
      scanBody({ lot: '', serial: '', userAgent: 'UA', language: 'de', linkType: 'gs1:pip', context: 'pos' }),
    ).toEqual({
      userAgent: 'UA',
      language: 'de',
      linkType: 'gs1:pip',
      context: 'pos',
    });
  });
});
