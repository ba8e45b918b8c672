import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { digitalLinkIdentifiers } from '../../../test/helpers/gs1-arbitraries.js';
import { aiDefinition } from './gs1.syntax.js';
import {
  buildDigitalLinkUri,
  canonicalDigitalLinkUri,
  type Gs1Element,
  isPlausibleDigitalLinkPath,
  parseDigitalLinkPath,
  parseDigitalLinkUri,
  validateIdentifiers,
} from './gs1.uri.js';

interface SyntaxEngineVectors {
  cases: Array<{ uri: string; valid: boolean; elementString: string }>;
}

const vectors = JSON.parse(
  readFileSync(new URL('../../../test/fixtures/gs1/syntax-engine-dl-vectors.json', import.meta.url), 'utf8'),
) as SyntaxEngineVectors;

/** Reads the engine's "^0112345...^10ABC" form into AI/value pairs, using the dictionary's lengths. */
function elementsOf(elementString: string): Gs1Element[] {
  const elements: Gs1Element[] = [];
  let rest = elementString.replace(/^\^/, '');
  while (rest !== '') {
    const ai = [2, 3, 4].map((n) => rest.slice(0, n)).find((candidate) => aiDefinition(candidate));
    if (!ai) throw new Error(`no AI at "${rest}"`);
    const definition = aiDefinition(ai)!;
    rest = rest.slice(ai.length);
    let length = rest.indexOf('^') < 0 ? rest.length : rest.indexOf('^');
    if (definition.predefinedLength) length = definition.components.reduce((sum, c) => sum + c.maxLength, 0);
    elements.push({ ai, value: rest.slice(0, length) });
    rest = rest.slice(length).replace(/^\^/, '');
  }
  return elements;
}

describe('GS1 Digital Link URIs against the GS1 Syntax Engine vectors', () => {
  it.each(vectors.cases.map((c) => [c.uri, c.valid, c.elementString] as const))(
    '%s (valid: %s)',
    (uri, valid, elementString) => {
      const result = parseDigitalLinkUri(uri);
      expect(result.ok).toBe(valid);
      if (result.ok) {
        const { primaryKey, qualifiers, attributes } = result.identifiers;
        expect([primaryKey, ...qualifiers, ...attributes]).toEqual(elementsOf(elementString));
      }
    },
  );
});

describe('GS1 Digital Link URI parsing', () => {
  it('reads every primary key with its qualifiers and a custom stem', () => {
    const cases: Array<[string, string, string[]]> = [
      ['/01/09506000134376/22/2A/10/LOT01/21/S1', '01', ['22', '10', '21']],
      ['/01/09506000134376/235/TPX1', '01', ['235']],
      ['/8006/095060001343760102/10/B/21/C', '8006', ['10', '21']],
      ['/8013/1987654Ad4X4bL5ttr2310c2K', '8013', []],
      ['/8010/0628165987/8011/9876', '8010', ['8011']],
      ['/414/9520123456788/254/32a%2Fb', '414', ['254']],
      ['/414/9520123456788/7040/1ABC', '414', ['7040']],
      ['/417/9520123456788/7040/1ABC', '417', ['7040']],
      ['/8004/0950600013430000001/7040/1ABC', '8004', ['7040']],
      ['/00/006141411234567890', '00', []],
      ['/253/1231231231232TEST5678901234567', '253', []],
      ['/255/9521234567899123', '255', []],
      ['/401/95212345ABC', '401', []],
      ['/402/95212345678901235', '402', []],
      ['/8003/09521234567899ABC', '8003', []],
      ['/8017/795260646688514634/8019/123', '8017', ['8019']],
      ['/8018/123456789012345675/8019/123', '8018', ['8019']],
      ['/415/9520123456788/8020/INV-1', '415', ['8020']],
    ];
    for (const [path, key, qualifierAis] of cases) {
      const result = parseDigitalLinkPath(`/brand/stem${path}`, 'linkType=gs1:pip');
      expect(result.ok, path).toBe(true);
      if (!result.ok) continue;
      expect(result.identifiers.primaryKey.ai).toBe(key);
      expect(result.identifiers.qualifiers.map((q) => q.ai)).toEqual(qualifierAis);
      expect(result.identifiers.stem).toBe('/brand/stem');
      expect(result.otherParams).toEqual([['linkType', 'gs1:pip']]);
    }
  });

  it('names what is wrong, with a stable code', () => {
    const cases: Array<[string, string, string, RegExp]> = [
      ['/01/09506000134377', '', 'check_digit', /check digit should be 6, not 7/],
      ['/01/0950600013437', '', 'gtin_not_14_digits', /14 digits.*\/01\/00950600013437/],
      ['/01/09506000134376/21/S1/10/L1', '', 'qualifier_order', /order \(10\), \(21\)/],
      ['/01/09506000134376/22/A/235/B', '', 'qualifier_mix', /cannot be combined/],
      ['/01/09506000134376/17/261231', '', 'attribute_in_path', /\?17=261231/],
      ['/01/09506000134376', '10=LOT', 'qualifier_in_query', /belongs in the path/],
      ['/01/09506000134376/foo', '', 'no_primary_key', /no GS1 primary key/],
      ['/01/09506000134376/8200/X', '', 'not_a_qualifier', /qualifiers of \(01\) GTIN/],
      ['/01/09506000134376/99/X', '', 'attribute_in_path', /\?99=X/],
      ['/01/09506000134376', '99=X%20Y', 'invalid_character', /" " is not allowed/],
      ['/00/006141411234567890/21/X', '', 'not_a_qualifier', /takes no key qualifiers/],
      ['/01/09506000134376', '17=261332', 'invalid_value', /not a valid date/],
      ['/01/09506000134376', '422=999', 'invalid_value', /999 is not an ISO 3166 country code/],
      ['/00/006141411234567890', '4307=XX', 'invalid_value', /XX is not an ISO 3166 alpha-2/],
      ['/415/9520123456788/8020/A1', '3911=001100', 'invalid_value', /001 is not an ISO 4217 currency/],
      ['/415/9520123456788/8020/A1', '8007=GB82WEST12345698765433', 'invalid_value', /not a valid IBAN/],
      ['/01/09506000134376/10/ABC%7B', '', 'invalid_character', /"\{" is not allowed/],
      ['/01/09506000134376/10/123456789012345678901', '', 'invalid_length', /1 to 20 characters/],
      ['/01/09506000134376', '89=X', 'unknown_ai', /not a GS1 Application Identifier/],
      ['/01/09506000134376', '8200=https://x', 'not_a_data_attribute', /cannot be a data attribute/],
      ['/01/09506000134376', '99=A&99=B', 'duplicate_ai', /more than once/],
      ['/415/9520123456788', '', 'invalid_combination', /needs \(8020\)/],
      ['/gtin/09506000134376', '', 'convenience_alpha', /write \/01\//],
      ['/8013/1987654Ad4X4bL5ttr2310c2L', '', 'check_digit', /check characters should be 2K/],
      ['/01/09506000134376/', '', 'trailing_slash', /does not end with/],
      ['/01//09506000134376', '', 'empty_segment', /empty segment/],
    ];
    for (const [path, query, code, message] of cases) {
      const result = parseDigitalLinkPath(path, query);
      expect(result.ok, path).toBe(false);
      if (result.ok) continue;
      expect(result.error.code, path).toBe(code);
      expect(result.error.message, path).toMatch(message);
    }
  });

  it('checks data attributes against the reference lists the dictionary names', () => {
    expect(parseDigitalLinkPath('/01/09506000134376', '422=276&3103=000195').ok).toBe(true);
    expect(parseDigitalLinkPath('/00/006141411234567890', '4307=DE').ok).toBe(true);
    expect(
      parseDigitalLinkPath('/415/9520123456788/8020/A1', '3911=978100&8007=GB82WEST12345698765432').ok,
    ).toBe(true);
  });

  it('tolerates one trailing slash when asked, as a resolver should', () => {
    const result = parseDigitalLinkPath('/01/09506000134376/10/LOT01/', '', { allowTrailingSlash: true });
    expect(result.ok && result.identifiers.qualifiers).toEqual([{ ai: '10', value: 'LOT01' }]);
  });

  it('reads convenience alphas only when asked', () => {
    const result = parseDigitalLinkPath('/gtin/09506000134376/lot/ABC', '', {
      acceptConvenienceAlphas: true,
    });
    expect(result.ok && canonicalDigitalLinkUri(result.identifiers)).toBe(
      'https://id.gs1.org/01/09506000134376/10/ABC',
    );
  });

  it('writes the canonical URI and a URI on any origin, escaping what must be escaped', () => {
    const result = parseDigitalLinkUri(
      'https://brand.example/s/01/09506000134376/10/A%2FB+C?3103=000195&99=X%2BY',
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(canonicalDigitalLinkUri(result.identifiers)).toBe(
      'https://id.gs1.org/01/09506000134376/10/A%2FB%2BC?3103=000195&99=X%2BY',
    );
    expect(buildDigitalLinkUri(result.identifiers, 'https://r.example')).toBe(
      'https://r.example/s/01/09506000134376/10/A%2FB%2BC?3103=000195&99=X%2BY',
    );
  });

  it('tells a plausible Digital Link path from a site path', () => {
    for (const path of [
      '/01/09506000134376',
      '/s/01/0950600013437/10/A/',
      '/01/09506000134376/foo',
      '/8004/0950abc',
    ]) {
      expect(isPlausibleDigitalLinkPath(path), path).toBe(true);
    }
    for (const path of ['/', '/about', '/docs/01', '/01/abc', '/docs/01/intro', '/ARFKk4XB0CDKWcnpq']) {
      expect(isPlausibleDigitalLinkPath(path), path).toBe(false);
    }
  });

  it('parses every URI it generates back to the same identifiers', () => {
    fc.assert(
      fc.property(digitalLinkIdentifiers(), (identifiers) => {
        expect(validateIdentifiers(identifiers)).toBeNull();
        const result = parseDigitalLinkUri(buildDigitalLinkUri(identifiers, 'https://r.example'));
        expect(result.ok && result.identifiers).toEqual(identifiers);
      }),
      { numRuns: 500 },
    );
  });
});
