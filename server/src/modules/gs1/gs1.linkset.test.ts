import { describe, expect, it } from 'vitest';
import { readGs1Fixture, schemaErrors, validateGs1Linkset } from '../../../test/helpers/gs1-fixtures.js';
import { buildLinkset, type Gs1Linkset, normaliseLinkType, schemaLanguageTag } from './gs1.linkset.js';

describe('linksets', () => {
  it("accepts GS1's own model linkset (the schema and the validator agree)", () => {
    expect(
      schemaErrors(validateGs1Linkset, readGs1Fixture<Gs1Linkset>('resolver-testsuite-model-linkset.json')),
    ).toEqual([]);
  });

  it('writes GS1 link types in one namespace, however they were stored', () => {
    for (const stored of [
      'gs1:pip',
      'https://ref.gs1.org/voc/pip',
      'http://gs1.org/voc/pip',
      'https://www.gs1.org/voc/pip',
    ]) {
      expect(normaliseLinkType(stored)).toBe('https://gs1.org/voc/pip');
    }
    expect(normaliseLinkType('describedby')).toBe('describedby');
  });

  it('maps language tags the schema cannot carry to the nearest form it can, or leaves them out', () => {
    expect(schemaLanguageTag('es-419')).toBe('es');
    expect(schemaLanguageTag('zh-Hant-TW')).toBe('zh-TW');
    expect(schemaLanguageTag('en_gb')).toBe('en-GB');
    expect(schemaLanguageTag('und')).toBeNull();
    expect(schemaLanguageTag('fil')).toBeNull();
  });

  it('stays valid with stored data the schema cannot carry, and says what it changed', () => {
    const anchor = 'https://id.brand.example/01/09506000134376';
    const { linkset, changes } = buildLinkset([
      {
        anchor,
        itemDescription: 'Olive oil',
        defaultLink: {
          linkType: 'gs1:pip',
          href: 'https://brand.example/',
          title: 'Home',
          type: 'text/html',
          hreflang: ['en'],
        },
        links: [
          {
            linkType: 'gs1:pip',
            href: 'https://brand.example/',
            title: 'Home',
            type: 'text/html',
            hreflang: ['en'],
          },
          {
            linkType: 'gs1:pip',
            href: 'https://brand.example/es',
            title: 'Inicio',
            hreflang: ['es-419', 'es'],
          },
          { linkType: 'gs1:pip', href: 'https://brand.example/any', title: 'Any', hreflang: ['und'] },
          { linkType: 'gs1:instructions', href: 'https://brand.example/i', title: '', type: 'html' },
          { linkType: 'https://vocab.example/my-type#x', href: 'https://brand.example/x', title: 'X' },
          {
            linkType: 'describedby',
            href: 'https://brand.example/data.json',
            title: 'Data',
            type: 'application/json',
          },
        ],
      },
    ]);
    expect(schemaErrors(validateGs1Linkset, linkset)).toEqual([]);
    const entry = linkset.linkset[0];
    expect(entry?.['https://gs1.org/voc/defaultLink']).toEqual([
      { href: 'https://brand.example/', title: 'Home' },
    ]);
    expect(entry?.['https://gs1.org/voc/pip']).toEqual([
      { href: 'https://brand.example/', title: 'Home', type: 'text/html', hreflang: ['en'] },
      { href: 'https://brand.example/es', title: 'Inicio', hreflang: ['es'] },
      { href: 'https://brand.example/any', title: 'Any' },
    ]);
    expect(changes.map((c) => [c.field, c.from, c.to])).toEqual([
      ['hreflang', 'es-419', 'es'],
      ['hreflang', 'und', null],
      ['title', '', 'instructions'],
      ['type', 'html', null],
      ['linkType', 'https://vocab.example/my-type#x', null],
    ]);
  });
});
