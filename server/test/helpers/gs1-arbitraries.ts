import fc from 'fast-check';
import {
  aiDefinition,
  checkAiCombination,
  type Gs1AiComponent,
  gs1CheckCharacterPair,
  gs1CheckDigit,
  primaryKeyAis,
} from '../../src/modules/gs1/gs1.syntax.js';
import type { Gs1Element, Gs1Identifiers } from '../../src/modules/gs1/gs1.uri.js';

/**
 * fast-check arbitraries for GS1 Digital Link identifiers that are valid by construction: values
 * follow each AI's components and checks in the syntax dictionary.
 */

const CSET_CHARACTERS: Record<Gs1AiComponent['cset'], string> = {
  N: '0123456789',
  X: '!"%&\'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz',
  Y: '#-/0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  Z: 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_',
};

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** A value for one component, shaped so that its checks pass. */
function componentValue(component: Gs1AiComponent): fc.Arbitrary<string> {
  const checks = new Set(component.checks);
  const date = fc
    .record({
      y: fc.integer({ min: 0, max: 99 }),
      m: fc.integer({ min: 1, max: 12 }),
      d: fc.integer({ min: 1, max: 28 }),
    })
    .map(({ y, m, d }) => `${pad(y, 2)}${pad(m, 2)}${pad(d, 2)}`);
  if (checks.has('yymmd0') || checks.has('yymmdd')) return date;
  if (checks.has('yyyymmdd') || checks.has('yyyymmd0')) return date.map((d) => `20${d}`);
  if (checks.has('hhmi'))
    return fc
      .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
      .map(([h, m]) => pad(h, 2) + pad(m, 2));
  if (checks.has('hh')) return fc.integer({ min: 0, max: 23 }).map((h) => pad(h, 2));
  if (checks.has('mi') || checks.has('ss')) return fc.integer({ min: 0, max: 59 }).map((m) => pad(m, 2));
  if (checks.has('zero')) return fc.constant('0');
  if (checks.has('yesno')) return fc.constantFrom('0', '1');
  if (checks.has('iso5218')) return fc.constantFrom('0', '1', '2', '9');
  if (checks.has('winding')) return fc.constantFrom('0', '1', '9');
  if (checks.has('hyphen')) return fc.constant('-');
  if (checks.has('pieceoftotal')) return fc.integer({ min: 1, max: 99 }).map((t) => `01${pad(t, 2)}`);
  if (checks.has('latitude') || checks.has('longitude'))
    return fc.integer({ min: 0, max: 999_999_999 }).map((n) => pad(n, 10));
  if (checks.has('posinseqslash')) return fc.constant('1/2');
  const alphabet = checks.has('pcenc')
    ? CSET_CHARACTERS[component.cset].replace('%', '')
    : CSET_CHARACTERS[component.cset];
  const extra = checks.has('csumalpha') ? 2 : 0;
  return fc
    .string({
      unit: fc.constantFrom(...alphabet),
      minLength: Math.max(component.minLength, 1 + extra),
      maxLength: component.maxLength,
    })
    .map((raw) => {
      let text = raw;
      if (checks.has('nonzero') && /^0*$/.test(text)) text = `1${text.slice(1)}`;
      if (checks.has('nozeroprefix') && text.length > 1 && text.startsWith('0')) text = `1${text.slice(1)}`;
      if (checks.has('hasnondigit') && !/\D/.test(text)) text = `A${text.slice(1)}`;
      if (checks.has('csumalpha')) text = text.slice(0, -2) + gs1CheckCharacterPair(text.slice(0, -2));
      if (checks.has('csum')) text = text.slice(0, -1) + gs1CheckDigit(text.slice(0, -1));
      return text;
    });
}

export function aiValue(ai: string): fc.Arbitrary<string> {
  const components = aiDefinition(ai)?.components ?? [];
  const parts = components.map((component, index) => {
    const value = componentValue(component);
    // An optional component is either all there or, with all after it, left off.
    return component.optional && index === components.length - 1 ? fc.option(value, { nil: '' }) : value;
  });
  return fc.tuple(...parts).map((values) => values.join(''));
}

const element = (ai: string): fc.Arbitrary<Gs1Element> => aiValue(ai).map((value) => ({ ai, value }));

const STEM_SEGMENT = fc.string({
  unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz-'),
  minLength: 1,
  maxLength: 6,
});

/** Identifiers for any primary key, with qualifiers in order, some attributes and maybe a stem. */
export function digitalLinkIdentifiers(): fc.Arbitrary<Gs1Identifiers> {
  return fc
    .constantFrom(...primaryKeyAis())
    .chain((primaryAi) => {
      const sequences = aiDefinition(primaryAi)?.qualifierSequences ?? [];
      const qualifierAis =
        sequences.length === 0
          ? fc.constant<string[]>([])
          : fc.constantFrom(...sequences).chain((sequence) => fc.subarray(sequence));
      return fc.record({
        primaryKey: element(primaryAi),
        qualifierAis,
        attributeAis: fc.subarray(['99', '91', '17', '3103', '11', '30', '8011', '01', '02', '37', '7040'], {
          maxLength: 3,
        }),
        stem: fc.array(STEM_SEGMENT, { maxLength: 2 }).map((s) => s.map((x) => `/${x}`).join('')),
      });
    })
    .chain(({ primaryKey, qualifierAis, attributeAis, stem }) => {
      const taken = new Set([
        primaryKey.ai,
        ...qualifierAis,
        ...(aiDefinition(primaryKey.ai)?.qualifierSequences?.flat() ?? []),
      ]);
      const attributes = attributeAis.filter((ai) => !taken.has(ai) && aiDefinition(ai)?.dataAttribute);
      return fc.record({
        primaryKey: fc.constant(primaryKey),
        qualifiers: fc.tuple(...qualifierAis.map(element)),
        attributes: fc.tuple(...attributes.map(element)),
        stem: fc.constant(stem),
      });
    })
    .filter((ids) => {
      const ais = [ids.primaryKey, ...ids.qualifiers, ...ids.attributes].map((e) => e.ai);
      return checkAiCombination(ais) === null;
    });
}
