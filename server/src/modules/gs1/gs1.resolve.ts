import { remembered } from '../../shared/bounded-memo.js';
import { decompressDigitalLinkPath } from './gs1.compression.js';
import {
  buildLinkset,
  GS1_DEFAULT_LINK,
  GS1_DEFAULT_LINK_MULTI,
  GS1_LINKSET_CONTEXT,
  type Gs1LinkRecord,
  type Gs1Linkset,
  type Gs1LinksetChange,
  type Gs1LinksetLevel,
  linksetKey,
  normaliseLinkType,
} from './gs1.linkset.js';
import { aiTitle } from './gs1.syntax.js';
import {
  encodeComponent,
  type Gs1Element,
  type Gs1Identifiers,
  type Gs1ParseResult,
  type Gs1UriError,
  levelPath,
  parseDigitalLinkPath,
} from './gs1.uri.js';

/**
 * The resolver's decision as a pure function (GS1-Conformant Resolver standard 1.2.0): from an
 * item's stored levels and links and a request's identifiers, link type, context, Accept and
 * Accept-Language, decide a 307 to one link, a 300 with the tied links, the linkset, or a 404; with
 * the Link and Vary headers. The edge looks the item up and sends what this decides.
 */

/** One level of an item: the primary key itself (no qualifiers) or one qualified level. */
export interface Gs1LevelRecord {
  /** In the standard's order; a value written '{name}' matches any value and binds {name} in hrefs. */
  qualifiers: Gs1Element[];
  itemDescription?: string;
  /** The link type whose links are the level's default (the reference resolver's defaultLinktype). */
  defaultLinkType?: string;
  links: Gs1LinkRecord[];
}

export interface Gs1ItemRecord {
  /** The primary key; with `prefix`, a leading part (a company prefix) covering every key that starts with it. */
  primaryKey: Gs1Element;
  /** Covers every GIAI, GRAI, SSCC, ... starting with primaryKey.value; the rest binds {1} in hrefs. */
  prefix?: boolean;
  levels: Gs1LevelRecord[];
}

export interface Gs1ResolveRequest {
  identifiers: Gs1Identifiers;
  /** Scheme and host the request came to ('https://id.brand.example'): anchors are absolute on it. */
  origin: string;
  linkType?: string;
  context?: string;
  accept?: string;
  acceptLanguage?: string;
  /** The request's query string without '?', passed on when redirecting. */
  query?: string;
  /** The uncompressed URI, when the request was a compressed one (rel="owl:sameAs"). */
  sameAs?: string;
}

/** A link ready to follow: placeholders filled, with the anchor of the level it came from. */
export interface Gs1ResolvedLink extends Gs1LinkRecord {
  anchor: string;
  /** The qualifiers of that level (empty for the primary key): for analytics, the level that answered. */
  level: Gs1Element[];
  /** The href as stored (placeholders unfilled): what an item's rules name the link by. */
  storedHref: string;
}

type Headers = Record<string, string>;

export type Gs1Decision =
  | {
      kind: 'redirect';
      status: 307;
      location: string;
      link: Gs1ResolvedLink;
      /** The links the choice was made among (the requested or default type, at one level): rules may pick. */
      candidates: Gs1ResolvedLink[];
      headers: Headers;
    }
  | {
      kind: 'choices';
      status: 300;
      body: Gs1Linkset;
      contentType: 'application/linkset+json';
      candidates: Gs1ResolvedLink[];
      headers: Headers;
    }
  | {
      kind: 'linkset';
      status: 200;
      /** For application/ld+json, with the GS1 linkset context embedded as "@context". */
      body: Gs1Linkset & { '@context'?: string };
      contentType: Gs1LinksetMediaType;
      changes: Gs1LinksetChange[];
      headers: Headers;
    }
  | {
      kind: 'not_found';
      status: 404;
      reason: 'unknown_item' | 'no_link_of_type' | 'no_default_link';
      message: string;
      headers: Headers;
    };

/** CORS for every resolver answer (the standard asks for CORS on GET, HEAD and OPTIONS). */
export const GS1_RESOLVER_CORS_HEADERS: Readonly<Headers> = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': 'Accept, Accept-Language',
  'access-control-expose-headers': 'Link, Location, Vary',
};

const VARY = 'Accept, Accept-Language';

/** Reads linkType and context from the query's non-AI pairs (linkType in any case, as readers send it). */
export function resolverParams(otherParams: ReadonlyArray<readonly [string, string]>): {
  linkType?: string;
  context?: string;
} {
  const find = (name: string) => otherParams.find(([key]) => key.toLowerCase() === name)?.[1];
  const linkType = find('linktype');
  const context = find('context');
  return { ...(linkType ? { linkType } : {}), ...(context ? { context } : {}) };
}

/* ------------------------------------------------------------------------------------------------ */
/* Header parsing                                                                                    */
/* ------------------------------------------------------------------------------------------------ */

interface Preference {
  value: string;
  q: number;
}

// Phones send a handful of distinct Accept and Accept-Language values: each is parsed once
// (bounded: emptied when full). The lists are shared, so callers only read them.
const PARSED_PREFERENCES = new Map<string, readonly Preference[]>();
const MAX_PARSED_PREFERENCES = 512;

function preferences(header: string | undefined): readonly Preference[] {
  if (!header) return [];
  return remembered(PARSED_PREFERENCES, MAX_PARSED_PREFERENCES, header, parsePreferences);
}

function parsePreferences(header: string): Preference[] {
  const list: Preference[] = [];
  for (const part of header.split(',')) {
    const [value = '', ...params] = part.split(';').map((p) => p.trim());
    if (value === '') continue;
    let q = 1;
    for (const param of params) {
      const match = /^q=([0-9.]+)$/i.exec(param);
      if (match) q = Math.min(1, Number(match[1]));
    }
    if (!Number.isNaN(q)) list.push({ value: value.toLowerCase(), q });
  }
  return list;
}

/** [q, specificity] of a media type against Accept; [0, 0] when nothing matches. */
function typeScore(type: string | undefined, accept: readonly Preference[]): [number, number] {
  let best: [number, number] = [0, 0];
  const [main, sub] = (type ?? '').toLowerCase().split(';')[0]?.trim().split('/') ?? [];
  for (const { value, q } of accept) {
    const [rangeMain, rangeSub] = value.split('/');
    if (rangeSub === undefined) continue;
    let specificity = 0;
    if (rangeMain === '*' && rangeSub === '*') specificity = 1;
    else if (type !== undefined && rangeMain === main && rangeSub === '*') specificity = 2;
    else if (type !== undefined && rangeMain === main && rangeSub === sub) specificity = 3;
    if (specificity > 0 && (q > best[0] || (q === best[0] && specificity > best[1]))) best = [q, specificity];
  }
  return best;
}

const NO_LANGUAGE = new Set(['und', 'mul', 'zxx']);

function hasLanguage(link: Gs1LinkRecord): boolean {
  return (link.hreflang ?? []).some((tag) => !NO_LANGUAGE.has(tag.toLowerCase()));
}

/** [q, specificity]: 3 the same tag, 2 the range covers the tag (en ⊃ en-GB), 1 the tag covers the range. */
function languageScore(link: Gs1LinkRecord, ranges: readonly Preference[]): [number, number] {
  let best: [number, number] = [0, 0];
  for (const rawTag of link.hreflang ?? []) {
    const tag = rawTag.toLowerCase();
    if (NO_LANGUAGE.has(tag)) continue;
    for (const { value, q } of ranges) {
      let specificity = 0;
      if (value === tag) specificity = 3;
      else if (tag.startsWith(`${value}-`)) specificity = 2;
      else if (value.startsWith(`${tag}-`)) specificity = 1;
      else if (value === '*') specificity = 1;
      if (specificity > 0 && q > 0 && (q > best[0] || (q === best[0] && specificity > best[1])))
        best = [q, specificity];
    }
  }
  return best;
}

function keepBest<T>(items: T[], score: (item: T) => [number, number]): T[] {
  const scored = items.map((item) => ({ item, score: score(item) }));
  const top = scored.reduce<[number, number]>(
    (best, { score: s }) => (s[0] > best[0] || (s[0] === best[0] && s[1] > best[1]) ? s : best),
    [0, 0],
  );
  if (top[0] === 0) return [];
  return scored.filter(({ score: s }) => s[0] === top[0] && s[1] === top[1]).map(({ item }) => item);
}

/**
 * Narrows links of one type to the best match: context, then Accept-Language, then Accept. A
 * preference nothing matches narrows nothing, except that links with a language (or context) give
 * way to those without when the request states none or none of its own matches.
 */
export function negotiateLinks<T extends Gs1LinkRecord>(
  links: readonly T[],
  request: { context?: string; accept?: string; acceptLanguage?: string },
): T[] {
  let remaining = [...links];
  const context = request.context?.toLowerCase();
  const withContext = (link: T) => (link.context ?? []).some((c) => c.toLowerCase() === context);
  const withoutContext = remaining.filter((link) => (link.context ?? []).length === 0);
  const matchingContext = context ? remaining.filter(withContext) : [];
  if (matchingContext.length > 0) remaining = matchingContext;
  else if (withoutContext.length > 0) remaining = withoutContext;

  const ranges = preferences(request.acceptLanguage).filter((r) => r.q > 0);
  const byLanguage = ranges.length > 0 ? keepBest(remaining, (link) => languageScore(link, ranges)) : [];
  if (byLanguage.length > 0) remaining = byLanguage;
  else {
    const unlanguaged = remaining.filter((link) => !hasLanguage(link));
    if (unlanguaged.length > 0) remaining = unlanguaged;
  }

  const accept = preferences(request.accept).filter((r) => r.value.includes('/'));
  const byType = accept.length > 0 ? keepBest(remaining, (link) => typeScore(link.type, accept)) : [];
  if (byType.length > 0) remaining = byType;
  return remaining;
}

export type Gs1LinksetMediaType = 'application/linkset+json' | 'application/json' | 'application/ld+json';

/**
 * Whether the request asks for the linkset (linkType=linkset, the older "all", or Accept), and in
 * which media type: RFC 9264's, plain JSON, or JSON-LD (the context embedded).
 */
export function wantsLinkset(request: { linkType?: string; accept?: string }): false | Gs1LinksetMediaType {
  const linkType = request.linkType?.trim().toLowerCase();
  const accept = preferences(request.accept);
  const q = (type: string) => accept.find((p) => p.value === type)?.q ?? 0;
  const offers: Array<[Gs1LinksetMediaType, number]> = [
    ['application/linkset+json', q('application/linkset+json')],
    ['application/json', q('application/json')],
    ['application/ld+json', q('application/ld+json')],
  ];
  const [best, bestQ] = offers.reduce((a, b) => (b[1] > a[1] ? b : a));
  if (linkType === 'linkset' || linkType === 'all') return bestQ > 0 ? best : 'application/linkset+json';
  if (linkType !== undefined && linkType !== '') return false;
  const htmlQ = Math.max(q('text/html'), q('application/xhtml+xml'));
  return bestQ > 0 && bestQ >= htmlQ ? best : false;
}

/* ------------------------------------------------------------------------------------------------ */
/* Levels, templates and coverage                                                                    */
/* ------------------------------------------------------------------------------------------------ */

const PLACEHOLDER = /^\{([A-Za-z0-9_]+)\}$/;

/** Whether an item record covers a primary key: the same value, or (with `prefix`) a leading part. */
export function coversPrimaryKey(
  item: Pick<Gs1ItemRecord, 'primaryKey' | 'prefix'>,
  key: Gs1Element,
): boolean {
  if (item.primaryKey.ai !== key.ai) return false;
  return item.prefix ? key.value.startsWith(item.primaryKey.value) : key.value === item.primaryKey.value;
}

/** Of the records storage found for a key, the one that answers: exact first, then the longest prefix. */
export function chooseItem<T extends Pick<Gs1ItemRecord, 'primaryKey' | 'prefix'>>(
  items: readonly T[],
  key: Gs1Element,
): T | null {
  const covering = items.filter((item) => coversPrimaryKey(item, key));
  const exact = covering.find((item) => !item.prefix);
  if (exact) return exact;
  return covering.sort((a, b) => b.primaryKey.value.length - a.primaryKey.value.length)[0] ?? null;
}

/**
 * What a stored level is whatever the request: its qualifiers' placeholders, its links with their
 * types normalised and split into the default, defaultLinkMulti and the rest. Worked out once per
 * level record: the edge keeps an item's record while it is unchanged, so a scan only reads it.
 */
interface LevelShape {
  /** Per qualifier, the placeholder's name ('{lotnumber}' → 'lotnumber'), or null for a value. */
  placeholders: Array<string | null>;
  /** No qualifier is a placeholder (such a level wins over a template at the same depth). */
  exact: boolean;
  links: Gs1LinkRecord[];
  defaultLink?: Gs1LinkRecord;
  defaultLinkMulti: Gs1LinkRecord[];
  /** Every link of the level, in order, with its type normalised (shared by the lists above). */
  all: Gs1LinkRecord[];
}

const levelShapes = new WeakMap<Gs1LevelRecord, LevelShape>();

function shapeOf(record: Gs1LevelRecord): LevelShape {
  let shape = levelShapes.get(record);
  if (!shape) {
    shape = computeShape(record);
    levelShapes.set(record, shape);
  }
  return shape;
}

function computeShape(record: Gs1LevelRecord): LevelShape {
  const placeholders = record.qualifiers.map((q) => PLACEHOLDER.exec(q.value)?.[1] ?? null);
  const all = record.links.map((link) => ({ ...link, linkType: normaliseLinkType(link.linkType) }));
  const explicitDefault = all.find((link) => link.linkType === GS1_DEFAULT_LINK);
  const multi = all.filter((link) => link.linkType === GS1_DEFAULT_LINK_MULTI);
  const defaultType = record.defaultLinkType ? normaliseLinkType(record.defaultLinkType) : undefined;
  const ofDefaultType = defaultType ? all.filter((link) => link.linkType === defaultType) : [];
  const defaultLink = explicitDefault ?? ofDefaultType[0] ?? multi[0];
  return {
    placeholders,
    exact: placeholders.every((name) => name === null),
    links: all.filter(
      (link) => link.linkType !== GS1_DEFAULT_LINK && link.linkType !== GS1_DEFAULT_LINK_MULTI,
    ),
    ...(defaultLink ? { defaultLink } : {}),
    defaultLinkMulti: multi.length > 0 ? multi : ofDefaultType.length > 1 ? ofDefaultType : [],
    all,
  };
}

interface MatchedLevel {
  record: Gs1LevelRecord;
  shape: LevelShape;
  /** The request's qualifiers at this depth (actual values). */
  qualifiers: Gs1Element[];
}

function matchLevel(record: Gs1LevelRecord, qualifiers: Gs1Element[]): MatchedLevel | null {
  if (record.qualifiers.length !== qualifiers.length) return null;
  const shape = shapeOf(record);
  for (let i = 0; i < qualifiers.length; i++) {
    const stored = record.qualifiers[i];
    const actual = qualifiers[i];
    if (!stored || !actual || actual.ai !== stored.ai) return null;
    if (shape.placeholders[i] === null && stored.value !== actual.value) return null;
  }
  return { record, shape, qualifiers };
}

/** The item's levels that match the request, primary key first, down to the request's own depth. */
function matchedLevels(item: Gs1ItemRecord, identifiers: Gs1Identifiers): MatchedLevel[] {
  const levels: MatchedLevel[] = [];
  for (let depth = 0; depth <= identifiers.qualifiers.length; depth++) {
    const qualifiers = identifiers.qualifiers.slice(0, depth);
    let chosen: MatchedLevel | null = null;
    for (const record of item.levels) {
      const matched = matchLevel(record, qualifiers);
      if (!matched) continue;
      // A level written with the actual values wins over a template at the same depth.
      if (matched.shape.exact) {
        chosen = matched;
        break;
      }
      chosen ??= matched;
    }
    if (chosen) levels.push(chosen);
  }
  return levels;
}

/** What placeholders stand for at a level: {1} the rest of a prefix item's key, and the level's own. */
function bindingsOf(
  item: Gs1ItemRecord,
  identifiers: Gs1Identifiers,
  level: MatchedLevel,
): Map<string, string> {
  const bindings = new Map<string, string>();
  if (item.prefix) bindings.set('1', identifiers.primaryKey.value.slice(item.primaryKey.value.length));
  level.shape.placeholders.forEach((name, i) => {
    const actual = level.qualifiers[i];
    if (name !== null && actual) bindings.set(name, actual.value);
  });
  return bindings;
}

function fillTemplate(href: string, bindings: Map<string, string>): string {
  if (!href.includes('{')) return href;
  return href.replace(/\{([A-Za-z0-9_]+)\}/g, (whole, name: string) => {
    const value = bindings.get(name);
    return value === undefined ? whole : encodeComponent(value, false);
  });
}

interface LevelView {
  /** Negotiation outcomes among this view's links, by link type and request headers (bounded). */
  negotiated: Map<string, Gs1ResolvedLink[]>;
  anchor: string;
  qualifiers: Gs1Element[];
  itemDescription: string;
  links: Gs1ResolvedLink[];
  defaultLink?: Gs1ResolvedLink;
  defaultLinkMulti: Gs1ResolvedLink[];
}

function describeLevel(identifiers: Gs1Identifiers, qualifiers: Gs1Element[]): string {
  return [identifiers.primaryKey, ...qualifiers].map((e) => `${aiTitle(e.ai)} ${e.value}`).join(', ');
}

/** The absolute URIs of a request's levels, by depth, on the origin they were written for. */
const anchorsOf = new WeakMap<Gs1Identifiers, { origin: string; byDepth: string[] }>();

/**
 * The absolute URI of the request's level at a depth (0: the primary key). Kept with the parsed
 * identifiers (memoised per URI by readResolverRequest), so a repeated scan writes none.
 */
function anchorAt(request: Gs1ResolveRequest, depth: number): string {
  const { identifiers, origin } = request;
  let anchors = anchorsOf.get(identifiers);
  if (anchors?.origin !== origin) {
    anchors = { origin, byDepth: [] };
    anchorsOf.set(identifiers, anchors);
  }
  let anchor = anchors.byDepth[depth];
  if (anchor === undefined) {
    anchor = `${origin}${identifiers.stem}${levelPath(identifiers.primaryKey, identifiers.qualifiers.slice(0, depth))}`;
    anchors.byDepth[depth] = anchor;
  }
  return anchor;
}

/**
 * The last view of each level record, by its anchor: a view is a function of the record and the
 * anchor alone (the anchor holds the origin, the stem, the key and the level's values, which are
 * all the bindings and the description read), so repeated scans of one URI reuse it. Only read.
 */
const lastViews = new WeakMap<Gs1LevelRecord, LevelView>();

function viewOf(item: Gs1ItemRecord, level: MatchedLevel, request: Gs1ResolveRequest): LevelView {
  const { identifiers } = request;
  const anchor = anchorAt(request, level.qualifiers.length);
  const last = lastViews.get(level.record);
  if (last?.anchor === anchor) return last;
  const bindings = bindingsOf(item, identifiers, level);
  const resolved = new Map<Gs1LinkRecord, Gs1ResolvedLink>();
  // One resolved link per stored one, so the default stays the same object in every list.
  const resolve = (link: Gs1LinkRecord): Gs1ResolvedLink => {
    let out = resolved.get(link);
    if (!out) {
      out = {
        ...link,
        href: fillTemplate(link.href, bindings),
        anchor,
        level: level.qualifiers,
        storedHref: link.href,
      };
      resolved.set(link, out);
    }
    return out;
  };
  const { shape } = level;
  shape.all.forEach(resolve);
  const view: LevelView = {
    negotiated: new Map(),
    anchor,
    qualifiers: level.qualifiers,
    itemDescription: level.record.itemDescription?.trim() || describeLevel(identifiers, level.qualifiers),
    links: shape.links.map(resolve),
    ...(shape.defaultLink ? { defaultLink: resolve(shape.defaultLink) } : {}),
    defaultLinkMulti: shape.defaultLinkMulti.map(resolve),
  };
  lastViews.set(level.record, view);
  return view;
}

/** Where a redirect to the link goes: its href with the request's query passed on (unless fwqs is false). */
export function linkLocation(link: Gs1LinkRecord, query: string | undefined): string {
  return withQuery(link.href, query, link);
}

function withQuery(href: string, query: string | undefined, link: Gs1LinkRecord): string {
  if (!query || link.fwqs === false) return href;
  const hash = href.indexOf('#');
  const [base, fragment] = hash >= 0 ? [href.slice(0, hash), href.slice(hash)] : [href, ''];
  return `${base}${base.includes('?') ? '&' : '?'}${query}${fragment}`;
}

const JSON_LD_CONTEXT_LINK = `<${GS1_LINKSET_CONTEXT}>; rel="http://www.w3.org/ns/json-ld#context"; type="application/ld+json"`;

function linkHeader(request: Gs1ResolveRequest, withContext: boolean): string {
  const { identifiers } = request;
  const self = anchorAt(request, identifiers.qualifiers.length);
  let header = `<${self}?linkType=linkset>; rel="linkset"; type="application/linkset+json"`;
  if (withContext) header += `, ${JSON_LD_CONTEXT_LINK}`;
  if (request.sameAs) header += `, <${request.sameAs}>; rel="owl:sameAs"`;
  return header;
}

function toLinksetLevels(views: LevelView[]): Gs1LinksetLevel[] {
  return views.map((view) => ({
    anchor: view.anchor,
    itemDescription: view.itemDescription,
    ...(view.defaultLink ? { defaultLink: view.defaultLink } : {}),
    ...(view.defaultLinkMulti.length > 1 ? { defaultLinkMulti: view.defaultLinkMulti } : {}),
    links: view.links,
  }));
}

/* ------------------------------------------------------------------------------------------------ */
/* The decision                                                                                      */
/* ------------------------------------------------------------------------------------------------ */

/**
 * Decides the answer to a resolver request. `item` is what storage found for the primary key (an
 * exact record or one covering it by prefix; see chooseItem), or null.
 */
export function decideResolution(item: Gs1ItemRecord | null, request: Gs1ResolveRequest): Gs1Decision {
  const headers: Headers = { vary: VARY, link: linkHeader(request, false) };
  const notFound = (
    reason: 'unknown_item' | 'no_link_of_type' | 'no_default_link',
    message: string,
  ): Gs1Decision => ({
    kind: 'not_found',
    status: 404,
    reason,
    message,
    headers,
  });
  const { identifiers } = request;
  if (!item || !coversPrimaryKey(item, identifiers.primaryKey)) {
    return notFound(
      'unknown_item',
      `nothing is registered for (${identifiers.primaryKey.ai}) ${identifiers.primaryKey.value}`,
    );
  }
  const levels = matchedLevels(item, identifiers);
  if (levels.length === 0) {
    return notFound(
      'unknown_item',
      `nothing is registered for (${identifiers.primaryKey.ai}) ${identifiers.primaryKey.value}`,
    );
  }

  const linksetType = wantsLinkset(request);
  if (linksetType) {
    const views = levels.map((level) => viewOf(item, level, request));
    const { linkset, changes } = buildLinkset(toLinksetLevels(views));
    return {
      kind: 'linkset',
      status: 200,
      body: linksetType === 'application/ld+json' ? { '@context': GS1_LINKSET_CONTEXT, ...linkset } : linkset,
      contentType: linksetType,
      changes,
      headers: { vary: VARY, link: linkHeader(request, true) },
    };
  }

  // Only the level that answers is resolved (its anchor and links): a redirect needs no other.
  const mostGranularFirst = [...levels].reverse();
  const requested = request.linkType?.trim() ? normaliseLinkType(request.linkType) : undefined;
  let candidates: Gs1ResolvedLink[];
  let chosen: Gs1ResolvedLink | undefined;
  if (requested && requested !== GS1_DEFAULT_LINK) {
    const ofType = (link: Gs1LinkRecord) => link.linkType === requested;
    const matched = mostGranularFirst.find(
      ({ shape }) => shape.links.some(ofType) || shape.defaultLinkMulti.some(ofType),
    );
    const level = matched ? viewOf(item, matched, request) : undefined;
    candidates = level
      ? requested === GS1_DEFAULT_LINK_MULTI
        ? level.defaultLinkMulti
        : level.links.filter((link) => link.linkType === requested)
      : [];
    if (candidates.length === 0) {
      return notFound(
        'no_link_of_type',
        `(${identifiers.primaryKey.ai}) ${identifiers.primaryKey.value} has no link of type ${request.linkType}`,
      );
    }
    const best = level ? negotiateAt(level, requested, candidates, request) : [];
    if (level && best.length > 1) return choices(best, level, request);
    chosen = best[0];
  } else {
    const matched = mostGranularFirst.find(({ shape }) => shape.defaultLink);
    const level = matched ? viewOf(item, matched, request) : undefined;
    if (!level?.defaultLink) {
      return notFound(
        'no_default_link',
        `(${identifiers.primaryKey.ai}) ${identifiers.primaryKey.value} has no default link`,
      );
    }
    candidates = level.defaultLinkMulti.length > 1 ? level.defaultLinkMulti : [level.defaultLink];
    const best = negotiateAt(level, GS1_DEFAULT_LINK, candidates, request);
    // The default answers a plain request: a tie goes to the declared default, never to a 300.
    chosen =
      best.length === 1
        ? best[0]
        : (best.find((link) => link === level.defaultLink) ?? best[0] ?? level.defaultLink);
  }
  if (!chosen) return notFound('no_default_link', 'no link could be chosen');
  return {
    kind: 'redirect',
    status: 307,
    location: withQuery(chosen.href, request.query, chosen),
    link: chosen,
    candidates,
    headers,
  };
}

const MAX_NEGOTIATED = 64;

/**
 * negotiateLinks among a view's candidates of one link type, remembered on the view: the same
 * phone's headers scanning the same URI get the same links. The lists are shared: read only.
 */
function negotiateAt(
  level: LevelView,
  linkType: string,
  candidates: Gs1ResolvedLink[],
  request: Gs1ResolveRequest,
): Gs1ResolvedLink[] {
  const key = `${linkType}\n${request.context ?? ''}\n${request.accept ?? ''}\n${request.acceptLanguage ?? ''}`;
  return remembered(level.negotiated, MAX_NEGOTIATED, key, () => negotiateLinks(candidates, request));
}

function choices(tied: Gs1ResolvedLink[], level: LevelView, request: Gs1ResolveRequest): Gs1Decision {
  const { linkset } = buildLinkset([
    { anchor: level.anchor, itemDescription: level.itemDescription, links: tied },
  ]);
  return {
    kind: 'choices',
    status: 300,
    body: linkset,
    contentType: 'application/linkset+json',
    candidates: tied,
    headers: { vary: VARY, link: linkHeader(request, true) },
  };
}

/** Whether a link type can be written in a linkset at all (for data entry to warn early). */
export function linkTypeFitsLinkset(linkType: string): boolean {
  return linksetKey(linkType) !== null;
}

interface ParsedUri {
  parsed: Gs1ParseResult;
  sameAs?: string;
  /** The readings of this URI by the request's Accept and Accept-Language (bounded). */
  readings: Map<string, Gs1RequestReading>;
}

// A printed code is scanned again and again with the same URI: each is parsed (and decompressed)
// once, bounded (emptied when full) so a flood of distinct URIs costs only the parse. Pure
// results, shared: read only.
const PARSED_URIS = new Map<string, ParsedUri>();
const MAX_PARSED_URIS = 1024;

function parsedUri(origin: string, path: string, query: string): ParsedUri {
  return remembered(PARSED_URIS, MAX_PARSED_URIS, `${origin}\n${path}\n${query}`, () => ({
    ...parseUri(origin, path, query),
    readings: new Map(),
  }));
}

function parseUri(origin: string, path: string, query: string): Omit<ParsedUri, 'readings'> {
  const options = { allowTrailingSlash: true };
  const plain = parseDigitalLinkPath(path, query, options);
  if (plain.ok || plain.error.code !== 'no_primary_key') return { parsed: plain };
  const compressed = decompressDigitalLinkPath(path, query, options);
  if (compressed.ok) return { parsed: compressed, sameAs: `${origin}${compressed.uncompressedPath}` };
  return { parsed: compressed.error.code !== 'invalid_compression' ? compressed : plain };
}

// Phones of one kind send the same Accept and Accept-Language: a URI keeps a few readings, of
// headers no longer than phones send (a long one is read each time, so memory stays bounded).
const MAX_READINGS_PER_URI = 16;
const MAX_READING_KEY = 512;

export type Gs1RequestReading =
  | { ok: true; request: Gs1ResolveRequest; compressed: boolean }
  | { ok: false; error: Gs1UriError };

/**
 * Reads a request to a resolver host into what decideResolution takes: the path as a Digital Link,
 * or else its last segment as a compressed one, anything before it a stem (then `sameAs` names the
 * uncompressed URI; a segment that is not compressed keeps the first error); the
 * linkType and context from the query; the negotiation headers. An error is the 400's detail.
 * A repeated request (URI and headers) gets the same reading, so the edge can keep what it decided
 * for it: readings are shared, read only.
 */
export function readResolverRequest(input: {
  origin: string;
  path: string;
  query?: string;
  accept?: string;
  acceptLanguage?: string;
}): Gs1RequestReading {
  const uri = parsedUri(input.origin, input.path, input.query ?? '');
  const key = `${input.accept ?? ''}\n${input.acceptLanguage ?? ''}`;
  if (key.length > MAX_READING_KEY) return readingOf(uri, input);
  return remembered(uri.readings, MAX_READINGS_PER_URI, key, () => readingOf(uri, input));
}

function readingOf(
  { parsed, sameAs }: ParsedUri,
  input: Parameters<typeof readResolverRequest>[0],
): Gs1RequestReading {
  const query = input.query ?? '';
  if (!parsed.ok) return { ok: false, error: parsed.error };
  return {
    ok: true,
    compressed: sameAs !== undefined,
    request: {
      identifiers: parsed.identifiers,
      origin: input.origin,
      ...resolverParams(parsed.otherParams),
      ...(input.accept ? { accept: input.accept } : {}),
      ...(input.acceptLanguage ? { acceptLanguage: input.acceptLanguage } : {}),
      ...(query ? { query } : {}),
      ...(sameAs ? { sameAs } : {}),
    },
  };
}
