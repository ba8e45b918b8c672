/**
 * RFC 9264 linksets as the GS1-Conformant Resolver standard 1.2.0 serves them, valid against GS1's
 * linkset JSON schema: link types as absolute URIs (or registered names), every link with href and
 * title, `hreflang` tags of the forms that schema takes. Stored data the schema cannot carry is
 * mapped, and each mapping is reported. Pure: no I/O.
 */

import { remembered } from '../../shared/bounded-memo.js';

/** The GS1 Web Vocabulary namespace link types are written in. */
export const GS1_VOCABULARY = 'https://gs1.org/voc/';
export const GS1_DEFAULT_LINK = `${GS1_VOCABULARY}defaultLink`;
export const GS1_DEFAULT_LINK_MULTI = `${GS1_VOCABULARY}defaultLinkMulti`;
/** The JSON-LD context a linkset is read with (resolver standard 1.2.0 artefacts). */
export const GS1_LINKSET_CONTEXT = 'https://ref.gs1.org/standards/resolver/linkset-context';

const GS1_NAMESPACES = [
  'https://gs1.org/voc/',
  'http://gs1.org/voc/',
  'https://ref.gs1.org/voc/',
  'https://www.gs1.org/voc/',
  'http://www.gs1.org/voc/',
];

/** 'gs1:pip', 'https://ref.gs1.org/voc/pip' and 'http://gs1.org/voc/pip' all name https://gs1.org/voc/pip. */
export function normaliseLinkType(linkType: string): string {
  const trimmed = linkType.trim();
  if (/^gs1:/i.test(trimmed)) return `${GS1_VOCABULARY}${trimmed.slice(4)}`;
  for (const namespace of GS1_NAMESPACES) {
    if (trimmed.toLowerCase().startsWith(namespace))
      return `${GS1_VOCABULARY}${trimmed.slice(namespace.length)}`;
  }
  return trimmed;
}

// A scan's link type in analytics is short ('gs1:pip'); the few in use are each written once.
const CURIES = new Map<string, string>();

/** A normalised link type as a CURIE ('https://gs1.org/voc/pip' → 'gs1:pip'); others as they are. */
export function linkTypeCurie(linkType: string): string {
  return remembered(CURIES, 1024, linkType, curieOf);
}

function curieOf(linkType: string): string {
  return linkType.startsWith(GS1_VOCABULARY) ? `gs1:${linkType.slice(GS1_VOCABULARY.length)}` : linkType;
}

/** A link as stored: `href` may hold placeholders ({lotnumber}, {serialnumber}, {1}, ...). */
export interface Gs1LinkRecord {
  linkType: string;
  href: string;
  title: string;
  type?: string;
  hreflang?: string[];
  context?: string[];
  /** Forward the request's query string when redirecting (default true). */
  fwqs?: boolean;
}

/** One linkset entry to write: its absolute anchor and its links (placeholders already filled). */
export interface Gs1LinksetLevel {
  anchor: string;
  itemDescription: string;
  /** The level's default link, if it has one (written as gs1:defaultLink, href and title only). */
  defaultLink?: Gs1LinkRecord;
  /** Links the default is negotiated among (gs1:defaultLinkMulti), when there are several. */
  defaultLinkMulti?: Gs1LinkRecord[];
  links: Gs1LinkRecord[];
}

export interface Gs1LinkObject {
  href: string;
  title: string;
  type?: string;
  hreflang?: string[];
  context?: string[];
}

export interface Gs1LinksetEntry {
  anchor: string;
  itemDescription: string;
  [linkType: string]: string | Gs1LinkObject[];
}

export interface Gs1Linkset {
  linkset: Gs1LinksetEntry[];
}

/** What was changed to fit GS1's schema, so data entry can say so. */
export interface Gs1LinksetChange {
  anchor: string;
  linkType: string;
  href: string;
  field: 'hreflang' | 'type' | 'href' | 'linkType' | 'title';
  from: string;
  /** The value written instead, or null when it was left out. */
  to: string | null;
  reason: string;
}

// GS1's linkset schema (1.2.0): these patterns, as it writes them (A-z is its range, kept).
const SCHEMA_LINK_TYPE = /^([a-z-]+$)|(^https?:\/\/[a-zA-z0-9./]+$)/;
const SCHEMA_URL = /^https?:\/\/[a-zA-z0-9./]+/;
const SCHEMA_HREFLANG = /(^\w{2}$)|(^\w{2}-\w{2}$)/;
const SCHEMA_MEDIA_TYPE = /\w+\/[-+.\w]+/;

/**
 * The form of a BCP 47 tag the GS1 schema takes ("en", "en-GB"), or null when there is none.
 * 'und', 'mul', 'zxx' and three-letter languages have none; a script or a numeric region is
 * dropped ("zh-Hant-TW" → "zh-TW", "es-419" → "es").
 */
export function schemaLanguageTag(tag: string): string | null {
  const parts = tag.trim().split(/[-_]/);
  const language = parts[0]?.toLowerCase() ?? '';
  if (!/^[a-z]{2}$/.test(language)) return null;
  const region = parts.slice(1).find((part) => /^[A-Za-z]{2}$/.test(part));
  return region ? `${language}-${region.toUpperCase()}` : language;
}

function linkObject(
  link: Gs1LinkRecord,
  anchor: string,
  linkType: string,
  changes: Gs1LinksetChange[],
): Gs1LinkObject | null {
  const note = (field: Gs1LinksetChange['field'], from: string, to: string | null, reason: string) =>
    changes.push({ anchor, linkType, href: link.href, field, from, to, reason });
  if (!SCHEMA_URL.test(link.href)) {
    note('href', link.href, null, "GS1's linkset schema takes only http(s) targets; the link is left out");
    return null;
  }
  let title = link.title;
  if (title.trim() === '') {
    title = linkType.slice(linkType.lastIndexOf('/') + 1);
    note('title', link.title, title, "GS1's linkset schema needs a title; the link type's name stands in");
  }
  const object: Gs1LinkObject = { href: link.href, title };
  if (link.type !== undefined) {
    if (SCHEMA_MEDIA_TYPE.test(link.type)) object.type = link.type;
    else note('type', link.type, null, 'not a media type of the form type/subtype; left out');
  }
  if (link.hreflang && link.hreflang.length > 0) {
    const tags: string[] = [];
    for (const tag of link.hreflang) {
      const mapped = SCHEMA_HREFLANG.test(tag) && tag.length <= 5 ? tag : schemaLanguageTag(tag);
      if (mapped !== tag) {
        note(
          'hreflang',
          tag,
          mapped,
          mapped === null
            ? `GS1's linkset schema takes only "ll" or "ll-RR" language tags; "${tag}" has no such form and is left out`
            : `GS1's linkset schema takes only "ll" or "ll-RR" language tags; written as "${mapped}"`,
        );
      }
      if (mapped !== null && !tags.includes(mapped)) tags.push(mapped);
    }
    if (tags.length > 0) object.hreflang = tags;
  }
  if (link.context && link.context.length > 0) object.context = [...link.context];
  return object;
}

/** The key a link type is written under, or null when GS1's schema has none for it. */
export function linksetKey(linkType: string): string | null {
  const normalised = normaliseLinkType(linkType);
  return SCHEMA_LINK_TYPE.test(normalised) &&
    !['anchor', 'itemDescription', 'description'].includes(normalised)
    ? normalised
    : null;
}

/** Builds the linkset of the given levels (pk first, then each qualifier level), with what changed. */
export function buildLinkset(levels: readonly Gs1LinksetLevel[]): {
  linkset: Gs1Linkset;
  changes: Gs1LinksetChange[];
} {
  const changes: Gs1LinksetChange[] = [];
  const entries = levels.map((level) => {
    const entry: Gs1LinksetEntry = { anchor: level.anchor, itemDescription: level.itemDescription };
    const add = (key: string, object: Gs1LinkObject) => {
      const list = entry[key];
      if (Array.isArray(list)) list.push(object);
      else entry[key] = [object];
    };
    if (level.defaultLink) {
      const object = linkObject(level.defaultLink, level.anchor, GS1_DEFAULT_LINK, changes);
      if (object) add(GS1_DEFAULT_LINK, { href: object.href, title: object.title });
    }
    if (level.defaultLinkMulti && level.defaultLinkMulti.length > 1) {
      for (const link of level.defaultLinkMulti) {
        const object = linkObject(link, level.anchor, GS1_DEFAULT_LINK_MULTI, changes);
        if (object) add(GS1_DEFAULT_LINK_MULTI, object);
      }
    }
    for (const link of level.links) {
      const key = linksetKey(link.linkType);
      if (key === null) {
        changes.push({
          anchor: level.anchor,
          linkType: link.linkType,
          href: link.href,
          field: 'linkType',
          from: link.linkType,
          to: null,
          reason:
            "GS1's linkset schema takes link types that are registered names or URIs of letters, digits, '.' and '/'; the link is left out",
        });
        continue;
      }
      if (key === GS1_DEFAULT_LINK || key === GS1_DEFAULT_LINK_MULTI) continue;
      const object = linkObject(link, level.anchor, key, changes);
      if (object) add(key, object);
    }
    return entry;
  });
  return { linkset: { linkset: entries }, changes };
}
