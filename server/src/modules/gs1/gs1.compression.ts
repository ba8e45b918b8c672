import {
  COMPRESSION_AI_LENGTHS,
  COMPRESSION_OPTIMISATIONS,
  COMPRESSION_VALUE_FORMATS,
} from './gs1.compression-tables.js';
import { aiDefinition, isPrimaryKey } from './gs1.syntax.js';
import {
  attributesQuery,
  encodeComponent,
  type Gs1Element,
  type Gs1Identifiers,
  type Gs1ParseOptions,
  type Gs1ParseResult,
  levelPath,
  parseDigitalLinkPath,
} from './gs1.uri.js';

/**
 * Compressed GS1 Digital Link URIs (GS1 Digital Link: compression, as in URI Syntax 1.x): the AIs
 * and their values as a bit string, written in URI-safe base64 as one path segment. Values are
 * written by the formats of gs1.compression-tables.ts; with optimisations, common AI sequences share
 * one code byte. Pure: no I/O.
 */

const SAFE_BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
const HEX = '0123456789ABCDEF';

interface ValueComponent {
  cset: 'N' | 'X';
  fixed: boolean;
  length: number;
}

/** Bits for an L-digit number, as the compression standard counts them. */
const valueBits = (digits: number) => Math.ceil((digits * Math.log(10)) / Math.log(2) + 0.01);
/** Bits for a length indicator of at most M. */
const lengthBits = (max: number) => Math.ceil(Math.log(max) / Math.log(2) + 0.01);

const formats = new Map<string, ValueComponent[]>();

function valueFormat(ai: string): ValueComponent[] | undefined {
  const known = formats.get(ai);
  if (known) return known;
  const spec = COMPRESSION_VALUE_FORMATS[ai] ?? specFromDictionary(ai);
  if (spec === undefined) return undefined;
  const components = spec.split(' ').map((part): ValueComponent => {
    const match = /^([NX])(\.\.)?(\d+)$/.exec(part);
    if (!match) throw new Error(`bad compression format ${part} for (${ai})`);
    return { cset: match[1] as 'N' | 'X', fixed: match[2] === undefined, length: Number(match[3]) };
  });
  formats.set(ai, components);
  return components;
}

/** AIs newer than the prototype's table: their format follows from the syntax dictionary. */
function specFromDictionary(ai: string): string | undefined {
  const definition = aiDefinition(ai);
  if (!definition) return undefined;
  return definition.components
    .map((c) => {
      const cset = c.cset === 'N' ? 'N' : 'X';
      return c.minLength === c.maxLength && !c.optional ? `${cset}${c.maxLength}` : `${cset}..${c.maxLength}`;
    })
    .join(' ');
}

class BitWriter {
  bits = '';
  write(value: bigint | number, width: number): void {
    this.bits += value.toString(2).padStart(width, '0');
  }
}

/** 0 digits, 1 lower-case hex, 2 upper-case hex, 3 URI-safe base64, 4 seven-bit ASCII. */
function encodingOf(text: string): number {
  if (/^[0-9]+$/.test(text)) return 0;
  if (/^[0-9A-F]+$/.test(text)) return 2;
  if (/^[0-9a-f]+$/.test(text)) return 1;
  if (/^[A-Za-z0-9_-]+$/.test(text)) return 3;
  return 4;
}

function writeText(out: BitWriter, text: string, lengthWidth: number | null): void {
  const encoding = encodingOf(text);
  out.write(encoding, 3);
  if (lengthWidth !== null) out.write(text.length, lengthWidth);
  switch (encoding) {
    case 0:
      out.write(BigInt(text), valueBits(text.length));
      break;
    case 1:
    case 2:
      for (const ch of text.toUpperCase()) out.write(HEX.indexOf(ch), 4);
      break;
    case 3:
      for (const ch of text) out.write(SAFE_BASE64.indexOf(ch), 6);
      break;
    default:
      for (const ch of text) out.write(ch.charCodeAt(0), 7);
  }
}

function writeValue(out: BitWriter, ai: string, value: string): void {
  const components = valueFormat(ai);
  if (!components) throw new Error(`(${ai}) has no compression format`);
  let cursor = 0;
  for (const component of components) {
    const part = component.fixed ? value.slice(cursor, cursor + component.length) : value.slice(cursor);
    cursor += part.length;
    if (component.cset === 'N') {
      if (!component.fixed) out.write(part.length, lengthBits(component.length));
      out.write(part === '' ? 0n : BigInt(part), valueBits(component.fixed ? component.length : part.length));
    } else {
      writeText(out, part, component.fixed ? null : lengthBits(component.length));
    }
  }
}

function writeKey(out: BitWriter, code: string): void {
  for (const ch of code) out.write(HEX.indexOf(ch), 4);
}

export interface Gs1CompressOptions {
  /** Use the optimisation codes for common AI sequences (shorter; both forms decompress alike). */
  optimise?: boolean;
  /** Non-AI query pairs to carry inside the compressed segment (keys of URI-safe base64 only). */
  otherParams?: ReadonlyArray<readonly [string, string]>;
  /**
   * The primary key, when the elements hold more than one (an attribute may be another key): it is
   * written first, so that reading picks it again. Without it, AIs go in the prototype's order.
   */
  primaryKey?: string;
}

/** Compresses AI elements (and maybe other pairs) into one URI-safe base64 segment. */
export function compressElements(elements: readonly Gs1Element[], options: Gs1CompressOptions = {}): string {
  const values = new Map(elements.map((e) => [e.ai, e.value]));
  let remaining = [...values.keys()].sort();
  const out = new BitWriter();
  if (options.optimise) {
    for (;;) {
      let best: string | undefined;
      let bestSize = 0;
      for (const [code, sequence] of Object.entries(COMPRESSION_OPTIMISATIONS)) {
        if (!sequence.every((ai) => remaining.includes(ai))) continue;
        if (options.primaryKey !== undefined && sequence[0] !== options.primaryKey) continue;
        const size = sequence.join('').length;
        if (size > bestSize) {
          best = code;
          bestSize = size;
        }
      }
      if (best === undefined) break;
      const sequence = COMPRESSION_OPTIMISATIONS[best] ?? [];
      writeKey(out, best);
      for (const ai of sequence) writeValue(out, ai, values.get(ai) ?? '');
      remaining = remaining.filter((ai) => !sequence.includes(ai));
    }
  }
  const primary = options.primaryKey;
  if (primary !== undefined && remaining.includes(primary)) {
    remaining = [primary, ...remaining.filter((ai) => ai !== primary)];
  }
  for (const ai of remaining) {
    writeKey(out, ai);
    writeValue(out, ai, values.get(ai) ?? '');
  }
  for (const [key, value] of options.otherParams ?? []) {
    out.write(0b1111, 4);
    out.write(key.length, 7);
    for (const ch of key) out.write(SAFE_BASE64.indexOf(ch), 6);
    writeText(out, value, 7);
  }
  let bits = out.bits;
  if (bits.length % 6 !== 0) bits += '0'.repeat(6 - (bits.length % 6));
  let text = '';
  for (let i = 0; i < bits.length; i += 6) text += SAFE_BASE64[Number.parseInt(bits.slice(i, i + 6), 2)];
  return text;
}

/** Whether a non-AI query pair can travel inside a compressed segment. */
export function isCompressibleParam(key: string, value: string): boolean {
  return (
    /^[A-Za-z0-9_-]{1,127}$/.test(key) &&
    value.length <= 127 &&
    [...value].every((ch) => ch.charCodeAt(0) < 128)
  );
}

/**
 * Compresses identifiers into a URI on `origin`, keeping the stem: `{origin}{stem}/{segment}`.
 * Non-AI query pairs given in `otherParams` travel inside the segment.
 */
export function compressDigitalLink(
  identifiers: Gs1Identifiers,
  origin: string,
  options: Gs1CompressOptions = {},
): string {
  const elements = [identifiers.primaryKey, ...identifiers.qualifiers, ...identifiers.attributes];
  const segment = compressElements(elements, { ...options, primaryKey: identifiers.primaryKey.ai });
  return `${origin}${identifiers.stem}/${segment}`;
}

class BitReader {
  cursor = 0;
  constructor(readonly bits: string) {}
  get left(): number {
    return this.bits.length - this.cursor;
  }
  read(width: number): string {
    if (width > this.left) throw new DecompressionError('it ends in the middle of a value');
    const part = this.bits.slice(this.cursor, this.cursor + width);
    this.cursor += width;
    return part;
  }
  number(width: number): number {
    return width === 0 ? 0 : Number.parseInt(this.read(width), 2);
  }
  bigint(width: number): bigint {
    return BigInt(`0b${this.read(width)}`);
  }
}

class DecompressionError extends Error {}

function readText(input: BitReader, encoding: number, count: number): string {
  switch (encoding) {
    case 0:
      return count === 0 ? '' : input.bigint(valueBits(count)).toString().padStart(count, '0');
    case 1:
    case 2: {
      let text = '';
      for (let i = 0; i < count; i++) text += HEX[input.number(4)];
      return encoding === 1 ? text.toLowerCase() : text;
    }
    case 3: {
      let text = '';
      for (let i = 0; i < count; i++) text += SAFE_BASE64[input.number(6)];
      return text;
    }
    case 4: {
      let text = '';
      for (let i = 0; i < count; i++) text += String.fromCharCode(input.number(7));
      return text;
    }
    default:
      throw new DecompressionError(`encoding ${encoding} is not defined`);
  }
}

function readValue(input: BitReader, ai: string): string {
  const components = valueFormat(ai);
  if (!components) throw new DecompressionError(`(${ai}) is not an AI it can read`);
  let value = '';
  for (const component of components) {
    if (component.cset === 'N') {
      const digits = component.fixed ? component.length : input.number(lengthBits(component.length));
      const number = input.bigint(valueBits(digits));
      value += digits === 0 ? '' : number.toString().padStart(digits, '0');
    } else {
      const encoding = input.number(3);
      const count = component.fixed ? component.length : input.number(lengthBits(component.length));
      value += readText(input, encoding, count);
    }
  }
  return value;
}

export interface Gs1DecompressedSegment {
  elements: Gs1Element[];
  otherParams: Array<[string, string]>;
}

/** Reads one compressed segment back into AI elements (in the order written) and other pairs. */
export function decompressSegment(segment: string): Gs1DecompressedSegment | { error: string } {
  if (!/^[A-Za-z0-9_-]+$/.test(segment)) return { error: 'it has characters outside URI-safe base64' };
  let bits = '';
  for (const ch of segment) bits += SAFE_BASE64.indexOf(ch).toString(2).padStart(6, '0');
  const input = new BitReader(bits);
  const elements: Gs1Element[] = [];
  const otherParams: Array<[string, string]> = [];
  try {
    while (input.left > 8) {
      const h1 = input.number(4);
      const h2 = input.number(4);
      if (h1 <= 9 && h2 <= 9) {
        let ai = `${h1}${h2}`;
        const length = COMPRESSION_AI_LENGTHS[ai];
        if (length === undefined) throw new DecompressionError(`no AI starts with ${ai}`);
        while (ai.length < length) {
          const digit = input.number(4);
          if (digit > 9) throw new DecompressionError(`AI ${ai}… has a digit above 9`);
          ai += digit;
        }
        elements.push({ ai, value: readValue(input, ai) });
      } else if (h1 === 0xf) {
        const keyLength = (h2 << 3) | input.number(3);
        let key = '';
        for (let i = 0; i < keyLength; i++) key += SAFE_BASE64[input.number(6)];
        const encoding = input.number(3);
        const count = input.number(7);
        otherParams.push([key, readText(input, encoding, count)]);
      } else {
        const code = `${HEX[h1]}${HEX[h2]}`;
        const sequence = COMPRESSION_OPTIMISATIONS[code];
        if (!sequence) throw new DecompressionError(`optimisation code ${code} is not defined`);
        for (const ai of sequence) elements.push({ ai, value: readValue(input, ai) });
      }
    }
    if (/1/.test(input.bits.slice(input.cursor)))
      throw new DecompressionError('it has stray bits at the end');
  } catch (error) {
    if (error instanceof DecompressionError) return { error: error.message };
    throw error;
  }
  if (elements.length === 0) return { error: 'it holds no GS1 Application Identifier' };
  return { elements, otherParams };
}

/** Arranges decompressed elements as identifiers: the first primary key, its qualifiers, the rest. */
export function identifiersFromElements(elements: readonly Gs1Element[], stem = ''): Gs1Identifiers | null {
  const primaryKey = elements.find((e) => isPrimaryKey(e.ai));
  if (!primaryKey) return null;
  const sequences = aiDefinition(primaryKey.ai)?.qualifierSequences ?? [];
  const present = elements.filter((e) => e !== primaryKey).map((e) => e.ai);
  const sequence = [...sequences].sort(
    (a, b) => b.filter((ai) => present.includes(ai)).length - a.filter((ai) => present.includes(ai)).length,
  )[0];
  const qualifiers = (sequence ?? []).flatMap((ai) =>
    elements.filter((e) => e.ai === ai && e !== primaryKey),
  );
  const attributes = elements.filter((e) => e !== primaryKey && !qualifiers.includes(e));
  return { primaryKey, qualifiers, attributes, stem };
}

export type Gs1DecompressResult =
  | (Gs1ParseResult & {
      ok: true /** The uncompressed path and query, for rel="owl:sameAs". */;
      uncompressedPath: string;
    })
  | (Gs1ParseResult & { ok: false });

/**
 * Reads a request whose last path segment is a compressed Digital Link (anything before it is the
 * stem) and checks the result exactly as an uncompressed URI is checked. The request's own query
 * pairs follow those carried inside the segment.
 */
export function decompressDigitalLinkPath(
  path: string,
  query = '',
  options: Gs1ParseOptions = {},
): Gs1DecompressResult {
  const working =
    options.allowTrailingSlash && path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  const slash = working.lastIndexOf('/');
  const segment = working.slice(slash + 1);
  const stem = working.slice(0, Math.max(slash, 0));
  const decoded = decompressSegment(segment);
  const notCompressed = (why: string): Gs1DecompressResult => ({
    ok: false,
    error: {
      code: 'invalid_compression',
      message: `"${segment}" is not a compressed GS1 Digital Link: ${why}`,
    },
  });
  if ('error' in decoded) return notCompressed(decoded.error);
  const identifiers = identifiersFromElements(decoded.elements, stem);
  if (!identifiers) return notCompressed('it holds no GS1 primary key');
  const carried = decoded.otherParams.map(
    ([k, v]) => `${encodeComponent(k, true)}=${encodeComponent(v, true)}`,
  );
  const ownQuery = [attributesQuery(identifiers.attributes), ...carried].filter((q) => q !== '').join('&');
  const fullQuery = [ownQuery, query].filter((q) => q !== '').join('&');
  const uncompressedPath = `${stem}${levelPath(identifiers.primaryKey, identifiers.qualifiers)}${ownQuery ? `?${ownQuery}` : ''}`;
  const parsed = parseDigitalLinkPath(
    `${stem}${levelPath(identifiers.primaryKey, identifiers.qualifiers)}`,
    fullQuery,
    {
      ...options,
      allowTrailingSlash: false,
    },
  );
  return parsed.ok ? { ...parsed, uncompressedPath } : parsed;
}
