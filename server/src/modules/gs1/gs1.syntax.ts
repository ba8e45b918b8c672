import { GS1_SYNTAX_DICTIONARY } from './gs1.syntax-dictionary.js';
import { ISO3166_ALPHA2, ISO3166_NUMERIC, ISO4217_NUMERIC } from './gs1.syntax-lists.js';

/**
 * GS1 Application Identifiers as the GS1 Barcode Syntax Dictionary describes them: each AI's
 * components (character set, length, the checks named by the dictionary's "linters"), whether it may
 * be a Digital Link data attribute, and, for a primary key, the qualifier sequences it takes. The
 * dictionary is data (gs1.syntax-dictionary.ts); this file reads it and checks values against it.
 */

/** N: digits; X: GS1 CSET 82; Y: GS1 CSET 39; Z: base64url (CSET 64). */
export type Gs1CharacterSet = 'N' | 'X' | 'Y' | 'Z';

export interface Gs1AiComponent {
  cset: Gs1CharacterSet;
  minLength: number;
  maxLength: number;
  optional: boolean;
  /** Names of the dictionary's content checks ("csum", "yymmd0", ...). */
  checks: string[];
}

export interface Gs1AiDefinition {
  ai: string;
  title: string;
  /** May appear as a data attribute in a Digital Link query string (the dictionary's "?" flag). */
  dataAttribute: boolean;
  /** Of predefined length, needing no FNC1 separator after it in an element string ("*"). */
  predefinedLength: boolean;
  components: Gs1AiComponent[];
  /** For a Digital Link primary key: the alternative ordered qualifier sequences (may be empty). */
  qualifierSequences?: string[][];
  /** Each entry: at least one of these groups (AIs joined by '+', 'n' a digit wildcard) must be present. */
  requires: string[][];
  /** None of these AIs or patterns may be present with it. */
  excludes: string[];
}

/** What is wrong with one AI value: `code` is stable, `message` names the AI and the fault. */
export interface Gs1ValueProblem {
  code: 'invalid_length' | 'invalid_character' | 'check_digit' | 'invalid_value';
  message: string;
}

const FLAG_CHARACTERS = /^[*!?"$%&'()+,\-./:;<=>@[\\\]^_`{|}~]+$/;
const COMPONENT = /^(\[)?([NXYZ])(\d+)?(?:\.\.(\d+))?(\])?((?:,\w+)*)$/;

let table: Map<string, Gs1AiDefinition> | undefined;

function definitions(): Map<string, Gs1AiDefinition> {
  table ??= parseDictionary(GS1_SYNTAX_DICTIONARY);
  return table;
}

/** Reads the dictionary's entries (lines "AIs [Flags] Specification [Attributes] [# Title]"). */
export function parseDictionary(text: string): Map<string, Gs1AiDefinition> {
  const result = new Map<string, Gs1AiDefinition>();
  for (const rawLine of text.split('\n')) {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('#')) continue;
    const hash = line.indexOf('#');
    const title = hash >= 0 ? line.slice(hash + 1).trim() : '';
    const tokens = (hash >= 0 ? line.slice(0, hash) : line).trim().split(/\s+/);
    const range = tokens.shift() ?? '';
    let flags = '';
    if (tokens[0] !== undefined && FLAG_CHARACTERS.test(tokens[0])) flags = tokens.shift() ?? '';
    const components: Gs1AiComponent[] = [];
    const requires: string[][] = [];
    const excludes: string[] = [];
    let qualifierSequences: string[][] | undefined;
    for (const token of tokens) {
      const component = COMPONENT.exec(token);
      if (component) {
        const [, open, cset, fixed, max, , checks] = component;
        const maxLength = Number(max ?? fixed);
        components.push({
          cset: cset as Gs1CharacterSet,
          minLength: max !== undefined ? 1 : maxLength,
          maxLength,
          optional: open === '[',
          checks: (checks ?? '').split(',').filter((name) => name !== ''),
        });
      } else if (token === 'dlpkey') {
        qualifierSequences = [];
      } else if (token.startsWith('dlpkey=')) {
        qualifierSequences = token
          .slice('dlpkey='.length)
          .split('|')
          .map((sequence) => sequence.split(','));
      } else if (token.startsWith('req=')) {
        requires.push(token.slice(4).split(','));
      } else if (token.startsWith('ex=')) {
        excludes.push(...token.slice(3).split(','));
      }
    }
    for (const ai of expandRange(range)) {
      result.set(ai, {
        ai,
        title,
        dataAttribute: flags.includes('?'),
        predefinedLength: flags.includes('*'),
        components,
        ...(qualifierSequences ? { qualifierSequences } : {}),
        requires,
        excludes,
      });
    }
  }
  return result;
}

function expandRange(range: string): string[] {
  const [first, last] = range.split('-');
  if (first === undefined) return [];
  if (last === undefined) return [first];
  const width = first.length;
  const ais: string[] = [];
  for (let n = Number(first); n <= Number(last); n++) ais.push(String(n).padStart(width, '0'));
  return ais;
}

export function aiDefinition(ai: string): Gs1AiDefinition | undefined {
  return definitions().get(ai);
}

/** The AIs that may be a Digital Link primary key, in the dictionary's order. */
export function primaryKeyAis(): string[] {
  return [...definitions().values()].filter((d) => d.qualifierSequences).map((d) => d.ai);
}

export function isPrimaryKey(ai: string): boolean {
  return definitions().get(ai)?.qualifierSequences !== undefined;
}

/** Short names for messages ("GTIN", "SSCC", ...): the dictionary's titles. */
export function aiTitle(ai: string): string {
  return definitions().get(ai)?.title ?? `AI (${ai})`;
}

/**
 * The level a link answered at, as analytics names it: the title of its last qualifier's AI
 * ('BATCH/LOT', 'SERIAL', 'CPV'), or of the primary key's ('GTIN', 'GIAI') at the key's own level.
 */
export function levelTitleOf(level: readonly { ai: string }[], primaryAi: string): string {
  return aiTitle(level[level.length - 1]?.ai ?? primaryAi);
}

const CSET_PATTERNS: Record<Gs1CharacterSet, RegExp> = {
  N: /^[0-9]*$/,
  X: /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]*$/,
  Y: /^[#\-/0-9A-Z]*$/,
  Z: /^[A-Za-z0-9_-]*=*$/,
};

const CSET_NAMES: Record<Gs1CharacterSet, string> = {
  N: 'digits only',
  X: 'GS1 character set 82',
  Y: 'GS1 character set 39 (digits, capitals, # - /)',
  Z: 'base64url characters',
};

/** Checks one AI value against its definition; null when it is valid. */
export function checkAiValue(ai: string, value: string): Gs1ValueProblem | null {
  const definition = definitions().get(ai);
  if (!definition) return { code: 'invalid_value', message: `(${ai}) is not a GS1 Application Identifier` };
  const label = `(${ai}) ${definition.title}`;
  const total = lengthSummary(definition.components);
  let position = 0;
  for (const [index, component] of definition.components.entries()) {
    const remaining = value.length - position;
    if (remaining === 0 && component.optional) break;
    if (remaining < component.minLength) {
      return { code: 'invalid_length', message: `${label} must be ${total} long; "${value}" is too short` };
    }
    const isLast = index === definition.components.length - 1;
    const take = isLast ? remaining : Math.min(component.maxLength, remaining);
    if (take > component.maxLength) {
      return { code: 'invalid_length', message: `${label} must be ${total} long; "${value}" is too long` };
    }
    const part = value.slice(position, position + take);
    if (!CSET_PATTERNS[component.cset].test(part)) {
      const bad = [...part].find((ch) => !CSET_PATTERNS[component.cset].test(ch)) ?? '';
      return {
        code: 'invalid_character',
        message: `${label} takes ${CSET_NAMES[component.cset]}; "${bad}" is not allowed in "${value}"`,
      };
    }
    for (const check of component.checks) {
      const problem = runCheck(check, part, value, label);
      if (problem) return problem;
    }
    position += take;
  }
  if (position < value.length) {
    return { code: 'invalid_length', message: `${label} must be ${total} long; "${value}" is too long` };
  }
  return null;
}

function lengthSummary(components: Gs1AiComponent[]): string {
  const min = components.filter((c) => !c.optional).reduce((sum, c) => sum + c.minLength, 0);
  const max = components.reduce((sum, c) => sum + c.maxLength, 0);
  return min === max ? `${min} characters` : `${min} to ${max} characters`;
}

/** GS1 mod-10 check digit of the digits before the last one. */
export function gs1CheckDigit(digitsWithoutCheck: string): number {
  let sum = 0;
  for (let i = 0; i < digitsWithoutCheck.length; i++) {
    const digit = Number(digitsWithoutCheck[digitsWithoutCheck.length - 1 - i]);
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

// The check-character pair of GMN and MUDI (GS1 General Specifications, "check character pair").
const CSET82_ORDER = '!"%&\'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
const CSET32_ORDER = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

function primes(count: number): number[] {
  const found: number[] = [];
  for (let n = 2; found.length < count; n++) if (found.every((p) => n % p !== 0)) found.push(n);
  return found;
}

export function gs1CheckCharacterPair(dataWithoutPair: string): string {
  const weights = primes(dataWithoutPair.length);
  let sum = 0;
  for (let i = 0; i < dataWithoutPair.length; i++) {
    const weight = weights[dataWithoutPair.length - 1 - i] ?? 0;
    sum += CSET82_ORDER.indexOf(dataWithoutPair[i] ?? '') * weight;
  }
  sum %= 1021;
  return `${CSET32_ORDER[sum >> 5]}${CSET32_ORDER[sum & 31]}`;
}

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function validDate(year: number, month: number, day: number, dayMayBeZero: boolean): boolean {
  if (month < 1 || month > 12) return false;
  if (day === 0) return dayMayBeZero;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 && !leap ? 28 : (DAYS_IN_MONTH[month - 1] ?? 0);
  return day <= days;
}

function runCheck(check: string, part: string, value: string, label: string): Gs1ValueProblem | null {
  const invalid = (why: string): Gs1ValueProblem => ({
    code: 'invalid_value',
    message: `${label} "${value}": ${why}`,
  });
  const n = (from: number, to: number) => Number(part.slice(from, to));
  switch (check) {
    case 'csum': {
      const expected = gs1CheckDigit(part.slice(0, -1));
      const actual = part.slice(-1);
      return String(expected) === actual
        ? null
        : {
            code: 'check_digit',
            message: `${label} ${value}: the check digit should be ${expected}, not ${actual}`,
          };
    }
    case 'csumalpha': {
      if (part.length < 2) return invalid('too short for its check character pair');
      const expected = gs1CheckCharacterPair(part.slice(0, -2));
      const actual = part.slice(-2);
      return expected === actual
        ? null
        : {
            code: 'check_digit',
            message: `${label} ${value}: the check characters should be ${expected}, not ${actual}`,
          };
    }
    case 'yymmd0':
    case 'yymmdd':
      return validDate(2000 + n(0, 2), n(2, 4), n(4, 6), check === 'yymmd0')
        ? null
        : invalid('not a valid date');
    case 'yyyymmd0':
    case 'yyyymmdd':
      return validDate(n(0, 4), n(4, 6), n(6, 8), check === 'yyyymmd0') ? null : invalid('not a valid date');
    case 'hh':
      return n(0, 2) <= 23 ? null : invalid('not a valid hour');
    case 'mi':
    case 'ss':
      return n(0, 2) <= 59 ? null : invalid('not a valid minute or second');
    case 'hhmi':
      return n(0, 2) <= 23 && n(2, 4) <= 59 ? null : invalid('not a valid time');
    case 'zero':
      return part === '0' ? null : invalid('must be 0 here');
    case 'nonzero':
      return /^0*$/.test(part) ? invalid('must not be zero') : null;
    case 'nozeroprefix':
      return part.length > 1 && part.startsWith('0') ? invalid('must not start with 0') : null;
    case 'yesno':
      return part === '0' || part === '1' ? null : invalid('must be 0 or 1');
    case 'iso5218':
      return ['0', '1', '2', '9'].includes(part) ? null : invalid('not an ISO/IEC 5218 sex code');
    case 'winding':
      return ['0', '1', '9'].includes(part) ? null : invalid('winding direction must be 0, 1 or 9');
    case 'pieceoftotal': {
      const half = part.length / 2;
      const piece = n(0, half);
      const total = n(half, part.length);
      return piece >= 1 && total >= 1 && piece <= total
        ? null
        : invalid('piece must be between 1 and the total');
    }
    case 'hyphen':
      return /^-*$/.test(part) ? null : invalid('only "-" is allowed here');
    case 'hasnondigit':
      return /\D/.test(part) ? null : invalid('must contain a character that is not a digit');
    case 'pcenc':
      return /%(?![0-9A-Fa-f]{2})/.test(part) ? invalid('has a "%" not followed by two hex digits') : null;
    case 'latitude':
      return Number(part) <= 1_800_000_000 ? null : invalid('not a valid latitude');
    case 'longitude':
      return Number(part) <= 3_600_000_000 ? null : invalid('not a valid longitude');
    case 'posinseqslash': {
      const match = /^(\d+)\/(\d+)$/.exec(part);
      return match && Number(match[1]) >= 1 && Number(match[1]) <= Number(match[2])
        ? null
        : invalid('must read "position/total"');
    }
    case 'iso3166':
      return ISO3166_NUMERIC.has(part) ? null : invalid(`${part} is not an ISO 3166 country code`);
    case 'iso3166999':
      return part === '999' || ISO3166_NUMERIC.has(part)
        ? null
        : invalid(`${part} is not an ISO 3166 country code or 999`);
    case 'iso3166alpha2':
      return ISO3166_ALPHA2.has(part) ? null : invalid(`${part} is not an ISO 3166 alpha-2 country code`);
    case 'iso4217':
      return ISO4217_NUMERIC.has(part) ? null : invalid(`${part} is not an ISO 4217 currency code`);
    case 'iban':
      return validIban(part) ? null : invalid('not a valid IBAN');
    default:
      // Checks that need a reference list not carried here (media and package types, importer
      // indexes, coupon layouts) or a company-prefix table (gcppos1/2) are not made: the value's
      // character set and length are.
      return null;
  }
}

/** ISO 13616: a known country, two check digits, and the whole mod 97 equal to 1. */
function validIban(iban: string): boolean {
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]{1,30}$/.test(iban) || !ISO3166_ALPHA2.has(iban.slice(0, 2))) return false;
  const digits = [...`${iban.slice(4)}${iban.slice(0, 4)}`]
    .map((ch) => (/[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch))
    .join('');
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
}

function matchesPattern(pattern: string, ai: string): boolean {
  return pattern.length === ai.length && [...pattern].every((ch, i) => ch === 'n' || ch === ai[i]);
}

/**
 * Checks the dictionary's pairing rules over a set of AIs (one message): every `req` met by some
 * group, no `ex` partner present. Null when the combination is valid.
 */
export function checkAiCombination(ais: readonly string[]): string | null {
  const present = new Set(ais);
  const has = (pattern: string) => [...present].some((ai) => matchesPattern(pattern, ai));
  for (const ai of present) {
    const definition = definitions().get(ai);
    if (!definition) continue;
    for (const groups of definition.requires) {
      const met = groups.some((group) => group.split('+').every((pattern) => has(pattern)));
      if (!met) {
        const options = groups
          .map((group) =>
            group
              .split('+')
              .map((pattern) => `(${pattern})`)
              .join(' with '),
          )
          .join(' or ');
        return `(${ai}) ${definition.title} needs ${options} alongside it`;
      }
    }
    for (const pattern of definition.excludes) {
      const clash = [...present].find((other) => other !== ai && matchesPattern(pattern, other));
      if (clash) return `(${ai}) ${definition.title} cannot be used with (${clash})`;
    }
  }
  return null;
}
