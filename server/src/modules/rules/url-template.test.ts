import { describe, expect, it } from 'vitest';
import { fillTemplate, hasPlaceholders, parseTemplate } from './url-template.js';

const values = (query = '') => ({
  slug: 'spring-menu',
  country: 'DE',
  lang: 'de-CH',
  query: new URLSearchParams(query),
});

describe('URL templates', () => {
  it('splits literal text and placeholders', () => {
    const { parts, problems } = parseTemplate(
      'https://x.example/{slug}?c={country}&l={lang}&u={query.utm_source}',
    );
    expect(problems).toEqual([]);
    expect(parts).toEqual([
      'https://x.example/',
      { kind: 'slug' },
      '?c=',
      { kind: 'country' },
      '&l=',
      { kind: 'lang' },
      '&u=',
      { kind: 'query', name: 'utm_source' },
    ]);
    expect(hasPlaceholders(parts)).toBe(true);
    expect(hasPlaceholders(parseTemplate('https://x.example/').parts)).toBe(false);
  });

  it('fills values, URL-encoded, and leaves missing ones empty', () => {
    const { parts } = parseTemplate(
      'https://x.example/{slug}/{country}?l={lang}&q={query.q}&m={query.missing}',
    );
    expect(fillTemplate(parts, values('q=a b&q=second'))).toBe(
      'https://x.example/spring-menu/DE?l=de-CH&q=a%20b&m=',
    );
    expect(fillTemplate(parts, { ...values('q=../../x?y=1#z'), country: null, lang: null })).toBe(
      'https://x.example/spring-menu/?l=&q=..%2F..%2Fx%3Fy%3D1%23z&m=',
    );
  });

  it.each([
    ['https://x.example/{unknown}', '{unknown}'],
    ['https://x.example/{query.}', '{query.}'],
    ['https://x.example/{Slug}', '{Slug}'],
    ['https://x.example/{}', '{}'],
  ])('names an unknown placeholder in %s', (template, placeholder) => {
    const { problems } = parseTemplate(template);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.message).toContain(placeholder);
  });

  it('reports an unmatched brace', () => {
    expect(parseTemplate('https://x.example/{slug').problems[0]?.message).toContain('unmatched "{"');
    expect(parseTemplate('https://x.example/slug}').problems[0]?.message).toContain('unmatched "}"');
  });
});
