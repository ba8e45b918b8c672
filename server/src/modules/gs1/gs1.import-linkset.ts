import type { FieldError } from '../../shared/problem.js';
import type { ImportedItem, ParsedReferenceImport } from './gs1.import.js';
import { GS1_DEFAULT_LINK, GS1_DEFAULT_LINK_MULTI, normaliseLinkType } from './gs1.linkset.js';
import type { Gs1ItemCreateBody, Gs1LevelInput, Gs1LinkInput } from './gs1.schemas.js';
import { parseDigitalLinkUri } from './gs1.uri.js';

/**
 * Linksets (format=gs1-linkset): what any GS1-Conformant resolver answers for
 * `linkType=linkset` (RFC 9264 JSON, GS1's schema), read as items' create bodies, so a move from
 * any resolver is its linksets. The body is one linkset document ({ linkset: [...] }) or a list
 * of them; each context object (an anchor with its relation types) is a row. An anchor is a GS1
 * Digital Link URI on any host: its key is the item, its qualifiers the level. gs1:defaultLink
 * becomes the level's default link type when a typed link has its href, otherwise a link of its
 * own. Pure: no I/O.
 */

const GS1_VOCABULARY = 'https://gs1.org/voc/';
/** Members of a context object that are not relation types. */
const NOT_RELATIONS = new Set(['anchor', 'itemDescription']);

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A JSON pointer token (RFC 6901): relation types are URIs, with '/'. */
const token = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1');

/** A GS1 vocabulary URI as its CURIE ('https://gs1.org/voc/pip' → 'gs1:pip'); others as they are. */
function linkTypeOf(relation: string): string {
  const uri = normaliseLinkType(relation);
  return uri.startsWith(GS1_VOCABULARY) ? `gs1:${uri.slice(GS1_VOCABULARY.length)}` : relation;
}

function targetOf(value: unknown, path: string, linkType: string, errors: FieldError[]) {
  if (!isObject(value)) {
    errors.push({ path, message: 'must be a target object with href and title' });
    return undefined;
  }
  const { href, title, type, hreflang, context } = value;
  if (typeof href !== 'string' || href === '') errors.push({ path: `${path}/href`, message: 'is required' });
  const titleText = typeof title === 'string' ? title : undefined;
  const tags = Array.isArray(hreflang) ? hreflang.filter((t): t is string => typeof t === 'string') : [];
  const contexts = Array.isArray(context)
    ? context.filter((c): c is string => typeof c === 'string')
    : typeof context === 'string'
      ? [context]
      : [];
  if (typeof href !== 'string' || href === '') return undefined;
  const link: Gs1LinkInput = {
    linkType,
    href,
    // A linkset may leave a title out (RFC 9264); ours needs one: the link type's name stands in.
    title: titleText?.trim() || linkType.slice(linkType.lastIndexOf(':') + 1),
    ...(typeof type === 'string' && type !== '' ? { type } : {}),
    ...(tags.length > 0 ? { hreflang: tags } : {}),
    ...(contexts.length > 0 ? { context: contexts } : {}),
  };
  return link;
}

interface ReadEntry {
  row: number;
  ai: string;
  value: string;
  level:
    | Gs1LevelInput
    | { qualifiers: []; itemDescription?: string; defaultLinkType?: string; links: Gs1LinkInput[] };
  /** Each link's member path in the entry ('/https:~1~1gs1.org~1voc~1pip/0'). */
  linkPaths: string[];
}

function readEntry(entry: unknown, row: number, errors: FieldError[]): ReadEntry | undefined {
  if (!isObject(entry)) {
    errors.push({ path: '/', message: 'must be a context object with an anchor' });
    return undefined;
  }
  if (typeof entry.anchor !== 'string') {
    errors.push({ path: '/anchor', message: 'is required: a GS1 Digital Link URI' });
    return undefined;
  }
  const parsed = parseDigitalLinkUri(entry.anchor);
  if (!parsed.ok) {
    errors.push({ path: '/anchor', message: `is not a GS1 Digital Link URI: ${parsed.error.message}` });
    return undefined;
  }
  const links: Gs1LinkInput[] = [];
  const linkPaths: string[] = [];
  const defaults: Array<{ link: Gs1LinkInput; path: string }> = [];
  for (const [relation, targets] of Object.entries(entry)) {
    if (NOT_RELATIONS.has(relation)) continue;
    const path = `/${token(relation)}`;
    if (!Array.isArray(targets)) {
      errors.push({ path, message: 'must be a list of target objects' });
      continue;
    }
    const type = normaliseLinkType(relation);
    for (const [i, target] of targets.entries()) {
      const link = targetOf(target, `${path}/${i}`, linkTypeOf(relation), errors);
      if (!link) continue;
      if (type === GS1_DEFAULT_LINK || type === GS1_DEFAULT_LINK_MULTI) {
        defaults.push({ link, path: `${path}/${i}` });
        continue;
      }
      links.push(link);
      linkPaths.push(`${path}/${i}`);
    }
  }
  if (errors.length > 0) return undefined;
  // The default link names one of the typed links by its href: that link's type is the default.
  const [defaultLink] = defaults;
  const defaultLinkType = links.find((link) => link.href === defaultLink?.link.href)?.linkType;
  if (defaultLink && defaultLinkType === undefined) {
    // No typed link has its href: it stays the level's default link, as a link of its own.
    links.push({ ...defaultLink.link, linkType: 'gs1:defaultLink' });
    linkPaths.push(defaultLink.path);
  }
  const { primaryKey, qualifiers } = parsed.identifiers;
  const itemDescription = typeof entry.itemDescription === 'string' ? entry.itemDescription : undefined;
  return {
    row,
    ai: primaryKey.ai,
    value: primaryKey.value,
    level: {
      qualifiers,
      ...(itemDescription ? { itemDescription } : {}),
      ...(defaultLinkType ? { defaultLinkType } : {}),
      links,
    } as ReadEntry['level'],
    linkPaths,
  };
}

/** The context objects of one linkset document or a list of them, in order. */
function entriesOf(body: unknown): { entries: unknown[]; error?: string } {
  const documents = Array.isArray(body) ? body : [body];
  const entries: unknown[] = [];
  for (const document of documents) {
    if (!isObject(document) || !Array.isArray(document.linkset)) {
      return { entries: [], error: 'must be a linkset document ({ "linkset": [...] }) or a list of them' };
    }
    entries.push(...document.linkset);
  }
  return { entries };
}

export function parseGs1Linksets(body: unknown): ParsedReferenceImport | { fileError: string } {
  const { entries, error } = entriesOf(body);
  if (error) return { fileError: error };
  const errors: ParsedReferenceImport['errors'] = [];
  const byKey = new Map<string, ReadEntry[]>();
  for (const [index, entry] of entries.entries()) {
    const rowErrors: FieldError[] = [];
    const read = readEntry(entry, index + 1, rowErrors);
    if (!read) {
      errors.push({ row: index + 1, errors: rowErrors });
      continue;
    }
    const key = `${read.ai}/${read.value}`;
    byKey.set(key, [...(byKey.get(key) ?? []), read]);
  }
  return { rows: entries.length, items: [...byKey.values()].map(itemOf), errors };
}

/** The entry's level as a path ('' for the key, '/10/LOT01'). */
const levelKey = (entry: ReadEntry) => entry.level.qualifiers.map((q) => `/${q.ai}/${q.value}`).join('');

function itemOf(entries: ReadEntry[]): ImportedItem {
  // The linksets of a key and of its lot both carry the key's entry: the first of each level is kept.
  const byLevel = new Map<string, ReadEntry>();
  for (const entry of entries) if (!byLevel.has(levelKey(entry))) byLevel.set(levelKey(entry), entry);
  const group = [...byLevel.values()];
  const first = group[0] as ReadEntry;
  const root = group.find((entry) => entry.level.qualifiers.length === 0);
  const levels = group.filter((entry) => entry !== root);
  const body: Gs1ItemCreateBody = {
    primaryKey: { ai: first.ai, value: first.value },
    ...(root?.level.itemDescription ? { itemDescription: root.level.itemDescription } : {}),
    ...(root?.level.defaultLinkType ? { defaultLinkType: root.level.defaultLinkType } : {}),
    links: root?.level.links ?? [],
    levels: levels.map((entry) => entry.level as Gs1LevelInput),
  };
  const ordered = [root, ...levels];
  const levelRows = ordered.map((entry) => (entry ?? first).row);
  return {
    body,
    levelRows,
    locate: (bodyPath) => {
      const match = /^\/body(?:\/levels\/(\d+))?(\/.*)?$/.exec(bodyPath);
      const index = match?.[1] === undefined ? 0 : Number(match[1]) + 1;
      const entry = ordered[index] ?? first;
      const rest = match?.[2] ?? '';
      const link = /^\/links\/(\d+)(\/.*)?$/.exec(rest);
      if (link) {
        const at = entry.linkPaths[Number(link[1])] ?? '';
        const field = link[2] === '/linkType' ? '' : (link[2] ?? '');
        return { row: entry.row, path: `${at}${field}` || '/' };
      }
      if (rest.startsWith('/primaryKey') || rest.startsWith('/qualifiers'))
        return { row: entry.row, path: '/anchor' };
      return { row: entry.row, path: rest || '/' };
    },
  };
}
