import { readFileSync } from 'node:fs';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { Gs1Linkset } from '../../src/modules/gs1/gs1.linkset.js';
import type { Gs1ItemRecord, Gs1LevelRecord } from '../../src/modules/gs1/gs1.resolve.js';
import { type Gs1Element, parseDigitalLinkPath, parseDigitalLinkUri } from '../../src/modules/gs1/gs1.uri.js';

// ajv-formats is CommonJS; its default export is the plugin (as openapi-contract.ts takes it).
const addFormats = addFormatsModule as unknown as (ajv: Ajv) => void;

/** The GS1 fixtures (server/test/fixtures/gs1, see its README) and small readers for them. */

const fixture = (name: string) => new URL(`../fixtures/gs1/${name}`, import.meta.url);
export const readGs1Fixture = <T>(name: string): T => JSON.parse(readFileSync(fixture(name), 'utf8')) as T;

function validator(schemaFile: string): ValidateFunction {
  // strict: false as GS1's test suite runs it: the schemas carry annotations Ajv does not know.
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv.compile(readGs1Fixture<object>(schemaFile));
}

export const validateGs1Linkset = validator('gs1-linkset-schema.json');
export const validateGs1Description = validator('description-file-schema.json');

export function schemaErrors(validate: ValidateFunction, value: unknown): string[] {
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

/** A data-entry document of GS1's reference resolver (its tests/ folder). */
export interface ReferenceResolverDocument {
  anchor: string;
  itemDescription?: string;
  defaultLinktype?: string;
  qualifiers?: Array<Record<string, string>>;
  links: Array<{
    linktype: string;
    href: string;
    title: string;
    type?: string;
    hreflang?: string[];
    context?: string[];
  }>;
}

/**
 * Reads reference-resolver documents as item records, the way the importer will: one record per
 * anchor; an anchor that is not a whole key, or whose links use {1} (the reference resolver's "the
 * rest of the key"), is a company prefix covering every key it starts.
 */
export function itemsFromReferenceDocuments(documents: ReferenceResolverDocument[]): Gs1ItemRecord[] {
  const items = new Map<string, Gs1ItemRecord>();
  for (const document of documents) {
    const [, ai = '', value = ''] = document.anchor.split('/');
    const whole =
      parseDigitalLinkPath(document.anchor).ok && !document.links.some((l) => l.href.includes('{1}'));
    const key = `${ai}/${value}`;
    const item = items.get(key) ?? {
      primaryKey: { ai, value },
      ...(whole ? {} : { prefix: true }),
      levels: [],
    };
    const level: Gs1LevelRecord = {
      qualifiers: (document.qualifiers ?? []).flatMap((q) =>
        Object.entries(q).map(([qa, qv]) => ({ ai: qa, value: qv })),
      ),
      ...(document.itemDescription ? { itemDescription: document.itemDescription } : {}),
      ...(document.defaultLinktype ? { defaultLinkType: document.defaultLinktype } : {}),
      links: document.links.map(({ linktype, ...link }) => ({ linkType: linktype, ...link })),
    };
    item.levels.push(level);
    items.set(key, item);
  }
  return [...items.values()];
}

/** Reads a linkset (any resolver's answer) as one item record with a level per anchor. */
export function itemFromLinkset(linkset: Gs1Linkset): Gs1ItemRecord {
  let primaryKey: Gs1Element | undefined;
  const levels: Gs1LevelRecord[] = [];
  for (const entry of linkset.linkset) {
    const parsed = parseDigitalLinkUri(entry.anchor);
    if (!parsed.ok) throw new Error(`${entry.anchor}: ${parsed.error.message}`);
    primaryKey ??= parsed.identifiers.primaryKey;
    const links = Object.entries(entry).flatMap(([linkType, objects]) =>
      Array.isArray(objects) ? objects.map((object) => ({ linkType, ...object })) : [],
    );
    levels.push({ qualifiers: parsed.identifiers.qualifiers, itemDescription: entry.itemDescription, links });
  }
  if (!primaryKey) throw new Error('empty linkset');
  return { primaryKey, levels };
}

/** The reference resolver's test documents (server/test/fixtures/gs1/reference-resolver), as they are. */
export const REFERENCE_FILES = [
  'test_01_09506000134376.json',
  'test_01_09506000134352.json',
  'test_8004_095060001343.json',
  'test_8004_0950600013430000001.json',
];

export function referenceDocuments(): ReferenceResolverDocument[] {
  return REFERENCE_FILES.flatMap((name) => {
    const document = readGs1Fixture<ReferenceResolverDocument | ReferenceResolverDocument[]>(
      `reference-resolver/${name}`,
    );
    return Array.isArray(document) ? document : [document];
  });
}
