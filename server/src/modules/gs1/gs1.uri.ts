import {
  aiDefinition,
  aiTitle,
  checkAiCombination,
  checkAiValue,
  type Gs1ValueProblem,
  isPrimaryKey,
  primaryKeyAis,
} from './gs1.syntax.js';

/**
 * GS1 Digital Link URIs (URI Syntax 1.6.0): parse one into its identifiers with a precise error for
 * a 400, and write identifiers back as a URI. Pure: no I/O.
 */

export interface Gs1Element {
  ai: string;
  value: string;
}

export interface Gs1Identifiers {
  primaryKey: Gs1Element;
  /** Key qualifiers in the standard's order, e.g. (22), (10), (21) for a GTIN. */
  qualifiers: Gs1Element[];
  /** Data attributes (AIs in the query string), in the order they came. */
  attributes: Gs1Element[];
  /** The custom path stem before the primary key, as it appears in the path ('' or '/a/b'). */
  stem: string;
}

export type Gs1UriErrorCode =
  | 'not_a_digital_link'
  | 'no_primary_key'
  | 'convenience_alpha'
  | 'empty_segment'
  | 'trailing_slash'
  | 'invalid_escape'
  | 'unknown_ai'
  | 'gtin_not_14_digits'
  | 'invalid_length'
  | 'invalid_character'
  | 'check_digit'
  | 'invalid_value'
  | 'not_a_qualifier'
  | 'attribute_in_path'
  | 'qualifier_order'
  | 'qualifier_mix'
  | 'qualifier_in_query'
  | 'not_a_data_attribute'
  | 'empty_value'
  | 'duplicate_ai'
  | 'invalid_combination'
  | 'invalid_compression';

export interface Gs1UriError {
  code: Gs1UriErrorCode;
  /** One sentence naming what is wrong, fit for the detail of a 400. */
  message: string;
  /** The AI at fault, when there is one. */
  ai?: string;
}

export type Gs1ParseResult =
  | {
      ok: true;
      identifiers: Gs1Identifiers;
      /** Query pairs that are not AIs (linkType, context, anything else), decoded, in order. */
      otherParams: Array<[string, string]>;
    }
  | { ok: false; error: Gs1UriError };

export interface Gs1ParseOptions {
  /** The resolver standard asks resolvers to tolerate one trailing slash; the URI syntax has none. */
  allowTrailingSlash?: boolean;
  /**
   * Convenience alphas (/gtin/, /lot/, ...) were deprecated in URI Syntax 1.2.0 and removed in
   * 1.3.0. By default they are refused with a message naming the numeric AI; set this to read codes
   * printed before then.
   */
  acceptConvenienceAlphas?: boolean;
}

/** The DL 1.1 convenience alphas, only to name the numeric AI (or to read old codes on request). */
export const CONVENIENCE_ALPHAS: Readonly<Record<string, string>> = {
  gtin: '01',
  itip: '8006',
  gmn: '8013',
  cpid: '8010',
  gln: '414',
  party: '417',
  gsrnp: '8017',
  gsrn: '8018',
  gcn: '255',
  sscc: '00',
  gdti: '253',
  ginc: '401',
  gsin: '402',
  grai: '8003',
  giai: '8004',
  cpv: '22',
  lot: '10',
  ser: '21',
  glnx: '254',
  srin: '8019',
  cpsn: '8011',
  tpx: '235',
  refno: '8020',
};

const fail = (code: Gs1UriErrorCode, message: string, ai?: string): Gs1ParseResult => ({
  ok: false,
  error: { code, message, ...(ai !== undefined ? { ai } : {}) },
});

/**
 * Parses an absolute http(s) GS1 Digital Link URI. The scheme is http or https in one case
 * throughout; the host is not judged (any authority the edge serves is fine).
 */
export function parseDigitalLinkUri(uri: string, options: Gs1ParseOptions = {}): Gs1ParseResult {
  const match = /^(https?|HTTPS?):\/\/([^/?#]+)([^?#]*)(?:\?([^#]*))?(?:#.*)?$/.exec(uri);
  if (!match)
    return fail('not_a_digital_link', 'a GS1 Digital Link URI starts with http:// or https:// and a host');
  const host = match[2] ?? '';
  if (!/^[A-Za-z0-9\-._~%!$&'()*+,;=:[\]]+$/.test(host) || host.includes('%25')) {
    return fail('not_a_digital_link', `"${host}" is not a valid host`);
  }
  return parseDigitalLinkPath(match[3] ?? '', match[4] ?? '', options);
}

/**
 * Parses the path (percent-encoded, starting with '/') and the query string (without '?') of a
 * request as a GS1 Digital Link.
 */
export function parseDigitalLinkPath(
  path: string,
  query = '',
  options: Gs1ParseOptions = {},
): Gs1ParseResult {
  let working = path;
  if (working.length > 1 && working.endsWith('/')) {
    if (!options.allowTrailingSlash) {
      return fail('trailing_slash', 'a GS1 Digital Link URI does not end with "/"');
    }
    working = working.slice(0, -1);
  }
  if (!working.startsWith('/')) return fail('not_a_digital_link', 'the path must start with "/"');
  const segments = working.slice(1).split('/');
  if (segments.some((segment) => segment === '')) {
    return fail('empty_segment', 'the path has an empty segment ("//"); every AI needs a value');
  }

  const pairs: Gs1Element[] = [];
  let stemEnd = -1;
  for (let end = segments.length; end >= 2; end -= 2) {
    const rawKey = segments[end - 2] ?? '';
    const value = decodeComponent(segments[end - 1] ?? '', false);
    if (value === null) {
      return fail('invalid_escape', `the path segment "${segments[end - 1]}" has an invalid percent-escape`);
    }
    const key = keyOf(rawKey, options);
    if (typeof key !== 'string') return key;
    pairs.unshift({ ai: key, value });
    if (isPrimaryKey(key)) {
      stemEnd = end - 2;
      break;
    }
  }
  const primaryKey = pairs.shift();
  if (stemEnd < 0 || !primaryKey) {
    return fail(
      'no_primary_key',
      'no GS1 primary key was found in the path: it ends with /{AI}/{value} pairs starting at a primary key such as /01/{GTIN}',
    );
  }
  const stem = stemEnd > 0 ? `/${segments.slice(0, stemEnd).join('/')}` : '';

  const keyProblem = checkElement(primaryKey);
  if (keyProblem) return { ok: false, error: keyProblem };
  const qualifierProblem = checkQualifiers(primaryKey.ai, pairs);
  if (qualifierProblem) return { ok: false, error: qualifierProblem };

  const attributes: Gs1Element[] = [];
  const otherParams: Array<[string, string]> = [];
  const seen = new Set([primaryKey.ai, ...pairs.map((q) => q.ai)]);
  const inPathSequence = consistentQualifierAis(primaryKey.ai, pairs);
  for (const part of query.split('&')) {
    if (part === '') continue;
    const equals = part.indexOf('=');
    const key = decodeComponent(equals >= 0 ? part.slice(0, equals) : part, true);
    const value = decodeComponent(equals >= 0 ? part.slice(equals + 1) : '', true);
    if (key === null || value === null) {
      return fail('invalid_escape', `the query parameter "${part}" has an invalid percent-escape`);
    }
    if (!/^\d+$/.test(key)) {
      otherParams.push([key, value]);
      continue;
    }
    const definition = aiDefinition(key);
    if (!definition)
      return fail('unknown_ai', `(${key}) in the query string is not a GS1 Application Identifier`, key);
    if (value === '')
      return fail('empty_value', `(${key}) ${definition.title} in the query string has no value`, key);
    if (seen.has(key))
      return fail('duplicate_ai', `(${key}) ${definition.title} appears more than once`, key);
    if (inPathSequence.has(key)) {
      return fail(
        'qualifier_in_query',
        `(${key}) ${definition.title} is a key qualifier of (${primaryKey.ai}): it belongs in the path (/${primaryKey.ai}/…/${key}/${encodeComponent(value, false)}), not the query string`,
        key,
      );
    }
    if (!definition.dataAttribute) {
      return fail(
        'not_a_data_attribute',
        `(${key}) ${definition.title} cannot be a data attribute in the query string`,
        key,
      );
    }
    const problem = checkElement({ ai: key, value });
    if (problem) return { ok: false, error: problem };
    seen.add(key);
    attributes.push({ ai: key, value });
  }

  const combination = checkAiCombination([...seen]);
  if (combination) return fail('invalid_combination', combination);
  return { ok: true, identifiers: { primaryKey, qualifiers: pairs, attributes, stem }, otherParams };
}

function keyOf(rawKey: string, options: Gs1ParseOptions): string | Gs1ParseResult {
  if (/^\d+$/.test(rawKey)) return rawKey;
  const alias = CONVENIENCE_ALPHAS[rawKey];
  if (alias === undefined) return rawKey;
  if (options.acceptConvenienceAlphas) return alias;
  return fail(
    'convenience_alpha',
    `"/${rawKey}/" is a convenience alpha, removed from GS1 Digital Link in URI Syntax 1.3.0: write /${alias}/ instead`,
    alias,
  );
}

function checkElement(element: Gs1Element): Gs1UriError | null {
  const { ai, value } = element;
  if (ai === '01' && /^(\d{8}|\d{12}|\d{13})$/.test(value)) {
    return {
      code: 'gtin_not_14_digits',
      message: `(01) GTIN must be written with 14 digits in a Digital Link URI: /01/${value.padStart(14, '0')}`,
      ai,
    };
  }
  const problem: Gs1ValueProblem | null = checkAiValue(ai, value);
  return problem ? { code: problem.code, message: problem.message, ai } : null;
}

function listAis(ais: readonly string[]): string {
  return ais.map((ai) => `(${ai})`).join(', ');
}

function checkQualifiers(primaryAi: string, qualifiers: Gs1Element[]): Gs1UriError | null {
  const sequences = aiDefinition(primaryAi)?.qualifierSequences ?? [];
  const allowed = new Set(sequences.flat());
  const title = aiTitle(primaryAi);
  const seen = new Set<string>();
  for (const qualifier of qualifiers) {
    const { ai } = qualifier;
    if (seen.has(ai))
      return { code: 'duplicate_ai', message: `(${ai}) appears more than once in the path`, ai };
    seen.add(ai);
    if (!allowed.has(ai)) {
      const definition = aiDefinition(ai);
      const takes =
        allowed.size === 0
          ? `(${primaryAi}) ${title} takes no key qualifiers`
          : `the key qualifiers of (${primaryAi}) ${title} are ${sequences.map((s) => listAis(s)).join(' or ')}`;
      if (definition?.dataAttribute) {
        return {
          code: 'attribute_in_path',
          message: `(${ai}) ${definition.title} is a data attribute: put it in the query string (?${ai}=${encodeComponent(qualifier.value, true)}), not the path`,
          ai,
        };
      }
      if (!definition) {
        return {
          code: 'not_a_qualifier',
          message: `"${ai}" in the path is not a GS1 Application Identifier; ${takes}`,
          ai,
        };
      }
      return {
        code: 'not_a_qualifier',
        message: `(${ai}) ${definition.title} is not a key qualifier here; ${takes}`,
        ai,
      };
    }
  }
  if (qualifiers.length === 0) return null;
  const ais = qualifiers.map((q) => q.ai);
  const holding = sequences.filter((sequence) => ais.every((ai) => sequence.includes(ai)));
  if (holding.length === 0) {
    return {
      code: 'qualifier_mix',
      message: `the key qualifiers ${listAis(ais)} cannot be combined; (${primaryAi}) ${title} takes ${sequences.map((s) => listAis(s)).join(' or ')}`,
    };
  }
  const inOrder = holding.find((sequence) => isOrdered(sequence, ais));
  if (!inOrder) {
    const sequence = holding[0] ?? [];
    const ordered = [...ais].sort((a, b) => sequence.indexOf(a) - sequence.indexOf(b));
    return {
      code: 'qualifier_order',
      message: `key qualifiers must come in the order ${listAis(ordered)} after (${primaryAi}); the path has ${listAis(ais)}`,
    };
  }
  for (const qualifier of qualifiers) {
    const problem = checkElement(qualifier);
    if (problem) return problem;
  }
  return null;
}

function isOrdered(sequence: string[], ais: string[]): boolean {
  let last = -1;
  for (const ai of ais) {
    const index = sequence.indexOf(ai);
    if (index <= last) return false;
    last = index;
  }
  return true;
}

/** The qualifier AIs of the alternatives the path's qualifiers are consistent with. */
function consistentQualifierAis(primaryAi: string, qualifiers: Gs1Element[]): Set<string> {
  const sequences = aiDefinition(primaryAi)?.qualifierSequences ?? [];
  const ais = qualifiers.map((q) => q.ai);
  return new Set(sequences.filter((sequence) => ais.every((ai) => sequence.includes(ai))).flat());
}

const UTF8_ENCODER = new TextEncoder();
const UTF8_DECODER = new TextDecoder('utf-8', { fatal: true });

/** Percent-decodes one component; '+' is a space in the query only. Null for an invalid escape. */
export function decodeComponent(raw: string, isQuery: boolean): string | null {
  const text = isQuery ? raw.replaceAll('+', ' ') : raw;
  if (!text.includes('%')) return text;
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x25 && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      const byte = Number.parseInt(text.slice(i + 1, i + 3), 16);
      if (byte === 0) return null;
      bytes.push(byte);
      i += 2;
    } else {
      bytes.push(...UTF8_ENCODER.encode(text[i] ?? ''));
    }
  }
  try {
    return UTF8_DECODER.decode(new Uint8Array(bytes));
  } catch {
    return null;
  }
}

/** Percent-encodes every character but the unreserved ones; a space is '+' in the query. */
export function encodeComponent(value: string, isQuery: boolean): string {
  // Most keys, lots and serials are unreserved characters only: the edge writes several a scan.
  if (ALL_UNRESERVED.test(value)) return value;
  let out = '';
  for (const byte of UTF8_ENCODER.encode(value)) {
    if (UNRESERVED_BYTES[byte] === 1) out += String.fromCharCode(byte);
    else if (byte === 0x20 && isQuery) out += '+';
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const ALL_UNRESERVED = /^[A-Za-z0-9\-._~]*$/;
/** 1 for the bytes RFC 3986 leaves unreserved (ALPHA, DIGIT, '-', '.', '_', '~'). */
const UNRESERVED_BYTES = Uint8Array.from({ length: 256 }, (_, byte) =>
  /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte)) ? 1 : 0,
);

/** The path of one level: /{primary key}/{value}[/{qualifier}/{value}...], without stem or query. */
export function levelPath(primaryKey: Gs1Element, qualifiers: readonly Gs1Element[] = []): string {
  // A loop, not map/join: the edge writes one or two of these per scan.
  let path = `/${primaryKey.ai}/${encodeComponent(primaryKey.value, false)}`;
  for (const e of qualifiers) path += `/${e.ai}/${encodeComponent(e.value, false)}`;
  return path;
}

/** The query string (without '?') of data attributes, or ''. */
export function attributesQuery(attributes: readonly Gs1Element[]): string {
  return attributes.map((e) => `${e.ai}=${encodeComponent(e.value, true)}`).join('&');
}

/** Writes identifiers as a URI on `origin` (scheme and host, no trailing slash), keeping the stem. */
export function buildDigitalLinkUri(identifiers: Gs1Identifiers, origin: string): string {
  const query = attributesQuery(identifiers.attributes);
  return `${origin}${identifiers.stem}${levelPath(identifiers.primaryKey, identifiers.qualifiers)}${query ? `?${query}` : ''}`;
}

/** GS1's canonical form: https://id.gs1.org, no stem, the qualifiers and attributes. */
export function canonicalDigitalLinkUri(identifiers: Gs1Identifiers): string {
  return buildDigitalLinkUri({ ...identifiers, stem: '' }, 'https://id.gs1.org');
}

/**
 * Checks identifiers made elsewhere (an API body, an importer) by writing them as a URI and reading
 * it back: the same rules and messages as a scanned URI.
 */
export function validateIdentifiers(identifiers: Gs1Identifiers): Gs1UriError | null {
  const query = attributesQuery(identifiers.attributes);
  const result = parseDigitalLinkPath(
    `${identifiers.stem}${levelPath(identifiers.primaryKey, identifiers.qualifiers)}`,
    query,
  );
  return result.ok ? null : result.error;
}

let plausiblePattern: RegExp | undefined;

/**
 * Whether a path plausibly is an uncompressed GS1 Digital Link (after the URI syntax's "plausible"
 * test, on this dictionary's primary keys): a primary key AI and a value starting with four digits,
 * anything after. On a host that is not only a resolver, the edge answers such a path's errors with
 * a 400 (GS1's test suite sends /01/{GTIN}/foo and wants one) and lets other paths fall through.
 */
export function isPlausibleDigitalLinkPath(path: string): boolean {
  // A key and its value are two segments at least: a slug's one-segment path (most scans) stops here.
  if (path.indexOf('/', 1) === -1) return false;
  if (!plausiblePattern) {
    const keys = primaryKeyAis()
      .sort((a, b) => b.length - a.length)
      .join('|');
    plausiblePattern = new RegExp(`/(?:${keys})/\\d{4}[^/]*(?:/.*)?$`);
  }
  return plausiblePattern.test(path);
}
