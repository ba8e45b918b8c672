import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { digitalLinkIdentifiers } from '../../../test/helpers/gs1-arbitraries.js';
import {
  compressDigitalLink,
  compressElements,
  decompressDigitalLinkPath,
  decompressSegment,
} from './gs1.compression.js';
import { parseDigitalLinkPath } from './gs1.uri.js';

interface CompressionVectors {
  cases: Array<{ compressed: string; uncompressed: string; optimised: boolean }>;
}

const vectors = JSON.parse(
  readFileSync(new URL('../../../test/fixtures/gs1/compression-vectors.json', import.meta.url), 'utf8'),
) as CompressionVectors;

describe('compressed GS1 Digital Links against published vectors', () => {
  it.each(vectors.cases.map((c) => [c.compressed, c.uncompressed, c.optimised] as const))(
    '%s decompresses to %s',
    (compressed, uncompressed) => {
      const result = decompressDigitalLinkPath(compressed);
      expect(result.ok).toBe(true);
      if (result.ok) expect(result.uncompressedPath).toBe(uncompressed);
    },
  );

  it.each(vectors.cases.map((c) => [c.uncompressed, c.compressed, c.optimised] as const))(
    '%s compresses to %s (optimised: %s)',
    (uncompressed, compressed, optimise) => {
      const [path, query = ''] = uncompressed.split('?');
      const parsed = parseDigitalLinkPath(path ?? '', query);
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) return;
      const { primaryKey, qualifiers, attributes } = parsed.identifiers;
      expect(
        `/${compressElements([primaryKey, ...qualifiers, ...attributes], { optimise, otherParams: parsed.otherParams })}`,
      ).toBe(compressed);
    },
  );
});

describe('compressed GS1 Digital Links', () => {
  it('keeps the stem and passes the request query after the carried pairs', () => {
    const result = decompressDigitalLinkPath('/brand/ARFKk4XB0CDKWcnpq', 'linkType=gs1:pip');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.identifiers.stem).toBe('/brand');
    expect(result.uncompressedPath).toBe('/brand/01/09506000134376/10/LOT01');
    expect(result.otherParams).toEqual([['linkType', 'gs1:pip']]);
  });

  it('reads a trailing slash when asked', () => {
    expect(decompressDigitalLinkPath('/ARFKk4XB0CDKWcnpq/', '', { allowTrailingSlash: true }).ok).toBe(true);
  });

  it('refuses what is not a compressed Digital Link, saying why', () => {
    for (const segment of ['about', 'pricing', 'AAAA', 'hello-world', 'x.y']) {
      const result = decompressDigitalLinkPath(`/${segment}`);
      expect(result.ok, segment).toBe(false);
      if (!result.ok) expect(result.error.code).toBe('invalid_compression');
    }
    expect('error' in decompressSegment('ARFKk4XB0CDKWcnpr')).toBe(true);
  });

  it('checks what it decompresses like an uncompressed URI (a wrong check digit is a 400)', () => {
    const wrong = compressElements([{ ai: '01', value: '09506000134377' }]);
    const result = decompressDigitalLinkPath(`/${wrong}`);
    expect(result.ok === false && result.error.code).toBe('check_digit');
  });

  it('decompresses every compressed URI it writes, with and without optimisations', () => {
    fc.assert(
      fc.property(digitalLinkIdentifiers(), fc.boolean(), (identifiers, optimise) => {
        const uri = compressDigitalLink(identifiers, 'https://r.example', { optimise });
        const result = decompressDigitalLinkPath(uri.slice('https://r.example'.length));
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        expect(result.identifiers.primaryKey).toEqual(identifiers.primaryKey);
        expect(result.identifiers.qualifiers).toEqual(identifiers.qualifiers);
        expect(new Set(result.identifiers.attributes)).toEqual(new Set(identifiers.attributes));
        expect(result.identifiers.stem).toBe(identifiers.stem);
      }),
      { numRuns: 300 },
    );
  });
});
