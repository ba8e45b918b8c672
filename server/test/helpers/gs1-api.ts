import type { TestApp } from './app.js';
import {
  itemsFromReferenceDocuments,
  type ReferenceResolverDocument,
  readGs1Fixture,
} from './gs1-fixtures.js';

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

/** The API's create bodies for the reference documents: one item per anchor, its levels below. */
export function referenceCreateBodies(hostname?: string): Array<Record<string, unknown>> {
  return itemsFromReferenceDocuments(referenceDocuments()).map((item) => {
    const root = item.levels.find((level) => level.qualifiers.length === 0);
    return {
      primaryKey: item.primaryKey,
      ...(item.prefix ? { prefix: true } : {}),
      ...(hostname ? { hostname } : {}),
      ...(root?.itemDescription ? { itemDescription: root.itemDescription } : {}),
      ...(root?.defaultLinkType ? { defaultLinkType: root.defaultLinkType } : {}),
      links: root?.links ?? [],
      levels: item.levels
        .filter((level) => level.qualifiers.length > 0)
        .map((level) => ({
          qualifiers: level.qualifiers,
          ...(level.itemDescription ? { itemDescription: level.itemDescription } : {}),
          ...(level.defaultLinkType ? { defaultLinkType: level.defaultLinkType } : {}),
          links: level.links,
        })),
    };
  });
}

/** Stores the reference data through the API as `headers`' workspace; answers the items made. */
export async function storeReferenceItems(
  t: TestApp,
  headers: Record<string, string>,
  hostname?: string,
): Promise<Array<{ id: string; primaryKey: { ai: string; value: string } }>> {
  const made = [];
  for (const body of referenceCreateBodies(hostname)) {
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/gs1/items', headers, payload: body });
    if (response.statusCode !== 201) {
      throw new Error(`POST /api/v1/gs1/items answered ${response.statusCode}: ${response.body}`);
    }
    made.push(response.json());
  }
  return made;
}
