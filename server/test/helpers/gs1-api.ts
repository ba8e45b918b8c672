import { gs1CheckDigit } from '../../src/modules/gs1/gs1.syntax.js';
import type { TestApp } from './app.js';
import { itemsFromReferenceDocuments, referenceDocuments } from './gs1-fixtures.js';

export { REFERENCE_FILES, referenceDocuments } from './gs1-fixtures.js';

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

let gtinSeq = 0;

/** A fresh valid GTIN-14 (its check digit computed) on each call: a test file's items never share a key. */
export function nextTestGtin(): string {
  gtinSeq += 1;
  const body = `0950600099${String(gtinSeq).padStart(3, '0')}`;
  return `${body}${gs1CheckDigit(body)}`;
}
