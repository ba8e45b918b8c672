import { describe, expect, it } from 'vitest';
import { normalizeHttpUrl } from '../../shared/http-url.js';
import { documentPath, parseReferenceDocuments } from './gs1.import.js';
import { levelErrors, normalizedHref, primaryKeyErrors, qualifierPath } from './gs1.validate.js';

const checkUrl = (url: string) => normalizeHttpUrl(url);
const GTIN = { ai: '01', value: '09506000134376' };

describe('hrefs as stored', () => {
  it('keep their placeholders where the WHATWG serialisation would escape the braces', () => {
    const href = normalizedHref('https://Example.com/lot/{lot}/x?s={lot}#{lot}', new Set(['lot']), checkUrl);
    expect(href).toEqual({ ok: true, href: 'https://example.com/lot/{lot}/x?s={lot}#{lot}' });
  });

  it('refuse a placeholder the level does not bind, and what is not an http(s) URL', () => {
    expect(normalizedHref('https://example.com/{serial}', new Set(['lot']), checkUrl)).toMatchObject({
      ok: false,
      message: '{serial} names no template value of this level',
    });
    expect(normalizedHref('mailto:a@example.com', new Set(), checkUrl).ok).toBe(false);
  });
});

describe('keys and levels', () => {
  it('checks a key as a scanned URI would, and a company prefix by its own rule', () => {
    expect(primaryKeyErrors(GTIN, false, '/body/primaryKey')).toEqual([]);
    expect(primaryKeyErrors({ ai: '01', value: '09506000134377' }, false, '/p')[0]?.path).toBe('/p/value');
    expect(primaryKeyErrors({ ai: '8004', value: '095060001343' }, true, '/p')).toEqual([]);
    expect(primaryKeyErrors({ ai: '01', value: '0950600' }, true, '/p')[0]?.path).toBe('/p/ai');
    expect(primaryKeyErrors({ ai: '8004', value: '09X' }, true, '/p')[0]?.path).toBe('/p/value');
  });

  it('lets template values through and still checks the qualifiers order', () => {
    const level = (qualifiers: Array<{ ai: string; value: string }>) => ({
      qualifiers,
      links: [{ linkType: 'gs1:pip', href: 'https://example.com/{lot}', title: 'Lot' }],
    });
    expect(
      levelErrors(GTIN, false, level([{ ai: '10', value: '{lot}' }]), '/l', '/l/links', checkUrl),
    ).toEqual([]);
    const misordered = levelErrors(
      GTIN,
      false,
      level([
        { ai: '21', value: '{serial}' },
        { ai: '10', value: '{lot}' },
      ]),
      '/l',
      '/l/links',
      checkUrl,
    );
    expect(misordered.map((e) => e.path)).toEqual(['/l/qualifiers']);
  });

  it('names a level by its qualifiers as a path', () => {
    expect(qualifierPath([])).toBe('');
    expect(qualifierPath([{ ai: '10', value: 'A/B' }])).toBe('/10/A%2FB');
  });
});

describe("the reference resolver's documents", () => {
  it('group by anchor, the qualified documents becoming levels, and map faults back to their rows', () => {
    const parsed = parseReferenceDocuments([
      { anchor: '/01/09506000134376', defaultLinktype: 'gs1:pip', links: [] },
      {
        anchor: '/8004/095060001343',
        links: [{ linktype: 'gs1:pip', href: 'https://e.com/{1}', title: 'A' }],
      },
      {
        anchor: '/01/09506000134376',
        qualifiers: [{ '10': '{lotnumber}' }],
        links: [{ linktype: 'gs1:pip', href: 'https://e.com/?lot={lotnumber}', title: 'Lot' }],
      },
      { links: 'none' },
    ]);
    expect(parsed.rows).toBe(4);
    expect(parsed.errors).toEqual([
      {
        row: 4,
        errors: [
          { path: '/anchor', message: 'is required' },
          { path: '/links', message: 'must be a list' },
        ],
      },
    ]);
    const [gtin, asset] = parsed.items;
    expect(gtin?.levelRows).toEqual([1, 3]);
    expect(gtin?.body.levels?.[0]?.qualifiers).toEqual([{ ai: '10', value: '{lotnumber}' }]);
    expect(asset?.body.prefix).toBe(true);
    expect(documentPath(gtin!, '/body/levels/0/links/0/linkType')).toEqual({
      row: 3,
      path: '/links/0/linktype',
    });
    expect(documentPath(gtin!, '/body/primaryKey/value')).toEqual({ row: 1, path: '/anchor' });
    expect(documentPath(gtin!, '/body/defaultLinkType')).toEqual({ row: 1, path: '/defaultLinktype' });
  });
});
