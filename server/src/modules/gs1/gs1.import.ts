import type { FieldError } from '../../shared/problem.js';
import type { Gs1ItemCreateBody, Gs1LevelInput, Gs1LinkInput } from './gs1.schemas.js';
import { parseDigitalLinkPath } from './gs1.uri.js';

/**
 * GS1's reference resolver's data-entry documents (GS1_DigitalLink_Resolver_CE, its tests/ folder)
 * read as our items' create bodies: one document or an array of them, each an anchor with its
 * itemDescription, defaultLinktype, qualifiers and links (linktype, href, title, type, hreflang,
 * context). Documents with the same anchor are one item: the one without qualifiers is the key's
 * level, the others its levels. Pure: no I/O.
 */

/** One item to make, with the document (1-based row) each of its levels came from. */
export interface ImportedItem {
  body: Gs1ItemCreateBody;
  /** rows[0]: the key's level's document (or the first document of the anchor); rows[i + 1]: levels[i]'s. */
  levelRows: number[];
  /** The file's rows the item came from (unset: one a level). */
  rows?: number;
  /** A problem's body path as the file's row and field; unset: a reference document's (documentPath). */
  locate?: (bodyPath: string) => { row: number; path: string };
}

export interface ParsedReferenceImport {
  rows: number;
  items: ImportedItem[];
  errors: Array<{ row: number; errors: FieldError[] }>;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function strings(value: unknown, path: string, errors: FieldError[]): string[] | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) {
    errors.push({ path, message: 'must be a list of text' });
    return undefined;
  }
  return value as string[];
}

function text(value: unknown, path: string, errors: FieldError[], required: boolean): string | undefined {
  if (value === undefined || value === null) {
    if (required) errors.push({ path, message: 'is required' });
    return undefined;
  }
  if (typeof value !== 'string') {
    errors.push({ path, message: 'must be text' });
    return undefined;
  }
  return value;
}

function linkOf(value: unknown, path: string, errors: FieldError[]): Gs1LinkInput | undefined {
  if (!isObject(value)) {
    errors.push({ path, message: 'must be an object' });
    return undefined;
  }
  const linkType = text(value.linktype ?? value.linkType, `${path}/linktype`, errors, true);
  const href = text(value.href, `${path}/href`, errors, true);
  const title = text(value.title, `${path}/title`, errors, true);
  const type = text(value.type, `${path}/type`, errors, false);
  const hreflang = strings(value.hreflang, `${path}/hreflang`, errors);
  const context = strings(value.context, `${path}/context`, errors);
  if (linkType === undefined || href === undefined || title === undefined) return undefined;
  return {
    linkType,
    href,
    title,
    ...(type ? { type } : {}),
    ...(hreflang && hreflang.length > 0 ? { hreflang } : {}),
    ...(context && context.length > 0 ? { context } : {}),
  };
}

interface ReadDocument {
  row: number;
  ai: string;
  value: string;
  prefix: boolean;
  level:
    | Gs1LevelInput
    | { qualifiers: []; itemDescription?: string; defaultLinkType?: string; links: Gs1LinkInput[] };
}

function readDocument(document: unknown, row: number, errors: FieldError[]): ReadDocument | undefined {
  if (!isObject(document)) {
    errors.push({ path: '/', message: 'must be an object with an anchor and links' });
    return undefined;
  }
  const anchor = text(document.anchor, '/anchor', errors, true);
  const match = anchor === undefined ? null : /^\/(\d{2,4})\/([^/?#]+)$/.exec(anchor);
  if (anchor !== undefined && !match) {
    errors.push({ path: '/anchor', message: 'must be a primary key path such as /01/09506000134376' });
  }
  const itemDescription = text(document.itemDescription, '/itemDescription', errors, false);
  const defaultLinkType = text(
    document.defaultLinktype ?? document.defaultLinkType,
    '/defaultLinktype',
    errors,
    false,
  );
  const qualifiers: Array<{ ai: string; value: string }> = [];
  if (document.qualifiers !== undefined && document.qualifiers !== null) {
    if (!Array.isArray(document.qualifiers)) errors.push({ path: '/qualifiers', message: 'must be a list' });
    else {
      for (const [i, entry] of document.qualifiers.entries()) {
        if (!isObject(entry) || Object.values(entry).some((v) => typeof v !== 'string')) {
          errors.push({
            path: `/qualifiers/${i}`,
            message: 'must be an object of AI to value, e.g. { "10": "LOT01" }',
          });
          continue;
        }
        for (const [ai, value] of Object.entries(entry)) qualifiers.push({ ai, value: value as string });
      }
    }
  }
  const links: Gs1LinkInput[] = [];
  if (!Array.isArray(document.links)) errors.push({ path: '/links', message: 'must be a list' });
  else {
    for (const [i, entry] of document.links.entries()) {
      const link = linkOf(entry, `/links/${i}`, errors);
      if (link) links.push(link);
    }
  }
  if (errors.length > 0 || !match) return undefined;
  const [, ai = '', rawValue = ''] = match;
  let value: string;
  try {
    value = decodeURIComponent(rawValue);
  } catch {
    errors.push({ path: '/anchor', message: 'has an invalid %-escape' });
    return undefined;
  }
  // The reference resolver's "{1}" is the rest of a key: an anchor that is not a whole key, or
  // whose links use it, is a company prefix covering every key it starts.
  const prefix = !parseDigitalLinkPath(`/${ai}/${rawValue}`).ok || links.some((l) => l.href.includes('{1}'));
  return {
    row,
    ai,
    value,
    prefix,
    level: {
      qualifiers,
      ...(itemDescription ? { itemDescription } : {}),
      ...(defaultLinkType ? { defaultLinkType } : {}),
      links,
    },
  };
}

/** Reads one document or a list of them; a document's own faults are its row's, paths from its fields. */
export function parseReferenceDocuments(body: unknown): ParsedReferenceImport {
  const documents = Array.isArray(body) ? body : [body];
  const errors: ParsedReferenceImport['errors'] = [];
  const byAnchor = new Map<string, ReadDocument[]>();
  for (const [index, document] of documents.entries()) {
    const rowErrors: FieldError[] = [];
    const read = readDocument(document, index + 1, rowErrors);
    if (!read) {
      errors.push({ row: index + 1, errors: rowErrors });
      continue;
    }
    const key = `${read.ai}/${read.value}`;
    byAnchor.set(key, [...(byAnchor.get(key) ?? []), read]);
  }
  const items: ImportedItem[] = [];
  for (const group of byAnchor.values()) {
    const first = group[0] as ReadDocument;
    const root = group.find((document) => document.level.qualifiers.length === 0);
    const levels = group.filter((document) => document !== root);
    items.push({
      body: {
        primaryKey: { ai: first.ai, value: first.value },
        ...(group.some((document) => document.prefix) ? { prefix: true } : {}),
        ...(root?.level.itemDescription ? { itemDescription: root.level.itemDescription } : {}),
        ...(root?.level.defaultLinkType ? { defaultLinkType: root.level.defaultLinkType } : {}),
        links: root?.level.links ?? [],
        levels: levels.map((document) => document.level as Gs1LevelInput),
      },
      levelRows: [(root ?? first).row, ...levels.map((document) => document.row)],
    });
  }
  return { rows: documents.length, items, errors };
}

/**
 * A problem's field path in the API body (/body/levels/1/links/0/href) as the document's row
 * and its own field (/links/0/href).
 */
export function documentPath(item: ImportedItem, path: string): { row: number; path: string } {
  const level = /^\/body\/levels\/(\d+)(\/.*)?$/.exec(path);
  if (level) {
    const row = item.levelRows[Number(level[1]) + 1] ?? (item.levelRows[0] as number);
    return { row, path: documentField(level[2] ?? '/') };
  }
  const rest = path.replace(/^\/body/, '') || '/';
  const mapped = rest.startsWith('/primaryKey') || rest.startsWith('/hostname') ? '/anchor' : rest;
  return { row: item.levelRows[0] as number, path: documentField(mapped) };
}

/** Our field names as the reference resolver's documents spell them. */
function documentField(path: string): string {
  return path.replace(/^\/defaultLinkType/, '/defaultLinktype').replace(/\/linkType$/, '/linktype');
}
