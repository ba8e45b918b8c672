import { describeJsonError } from '../../plugins/body-parsers.js';
import { unguardCsvText } from '../../shared/csv.js';
import { type FieldError, Problem, validationFailed } from '../../shared/problem.js';
import { parseCsv } from './csv.js';
import { OUR_COLUMNS, type RuleDefinition } from './export-format.js';

/**
 * Import files, pure: each format's file (CSV text or parsed JSON) becomes create bodies of ours
 * and the problems of the rows that cannot be one. Nothing here reads the database: whether a
 * slug is free, a hostname verified or a rule known is the service's question.
 *
 * Rows are numbered from 1: the data rows of a CSV file (its header is not a row), the items of
 * a JSON list. A file cut in chunks reports rows of the chunk it was sent in.
 */

export const IMPORT_FORMATS = ['csv', 'json', 'bitly', 'shlink', 'kutt', 'yourls'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** The most rows one import takes (a larger file is sent in parts). */
export const MAX_IMPORT_ROWS = 10_000;

export interface ImportItem {
  row: number;
  /** A create body as far as the file says it; the service checks it against the API's schema. */
  body: Record<string, unknown>;
  /** The hostname the file gives the code (null: none); kept only when it is one of the workspace's. */
  domain: string | null;
  /** Rules by id (this workspace's) or by definition (an export's, made again where missing). */
  rules: Array<string | RuleDefinition>;
}

export interface RowProblem {
  row: number;
  problem: Problem;
}

export interface ParsedImport {
  rows: number;
  items: ImportItem[];
  errors: RowProblem[];
}

type Json = Record<string, unknown>;

/** Reads `body` (CSV text, or JSON already parsed, or JSON text) as `format`; a malformed file is a 4xx. */
export function parseImport(format: ImportFormat, body: unknown): ParsedImport {
  const parsed = read(format, body);
  if (parsed.rows > MAX_IMPORT_ROWS) {
    throw new Problem(
      'payload_too_large',
      `The file has ${parsed.rows} rows; one import takes at most ${MAX_IMPORT_ROWS}. Send it in parts.`,
      { extensions: { rows: parsed.rows, limit: MAX_IMPORT_ROWS } },
    );
  }
  return parsed;
}

function read(format: ImportFormat, body: unknown): ParsedImport {
  switch (format) {
    case 'csv':
      return fromCsv(textOf(body, format), ourCsvRow);
    case 'json':
      return fromList(listOf(jsonOf(body), ['codes', 'data']), ourJsonItem);
    case 'bitly':
      return fromCsv(textOf(body, format), bitlyRow);
    case 'shlink':
      return typeof body === 'string' && !looksLikeJson(body)
        ? fromCsv(body, shlinkCsvRow)
        : fromList(shlinkList(jsonOf(body)), shlinkJsonItem);
    case 'kutt':
      return fromList(listOf(jsonOf(body), ['data']), kuttItem);
    case 'yourls':
      return typeof body === 'string' && !looksLikeJson(body)
        ? fromCsv(body, yourlsRow)
        : fromList(yourlsList(jsonOf(body)), yourlsItem);
  }
}

// ---------------------------------------------------------------------------------------------
// Reading the file

const looksLikeJson = (text: string) => /^\s*[[{]/.test(text);

function textOf(body: unknown, format: ImportFormat): string {
  if (typeof body === 'string') return body;
  throw new Problem('unsupported_media_type', `The ${format} format is a CSV file: send it as text/csv.`);
}

function jsonOf(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch (error) {
    throw new Problem('malformed_json', describeJsonError(body, error));
  }
}

function notAList(expected: string): Problem {
  return new Problem('bad_request', `The file is not the expected JSON: ${expected}.`, {
    errors: [{ path: '/body', message: `must be ${expected}` }],
  });
}

/** The list a JSON file holds: the value itself, or the first of `keys` that is a list. */
function listOf(value: unknown, keys: string[]): unknown[] {
  if (Array.isArray(value)) return value;
  if (isObject(value)) {
    for (const key of keys) if (Array.isArray(value[key])) return value[key] as unknown[];
  }
  throw notAList(`a list, or an object with a list in ${keys.map((k) => `"${k}"`).join(' or ')}`);
}

type RowReader<T> = (item: T, row: number) => Omit<ImportItem, 'row'>;

function fromList(list: unknown[], readItem: RowReader<Json>): ParsedImport {
  const parsed: ParsedImport = { rows: list.length, items: [], errors: [] };
  list.forEach((item, index) => {
    const row = index + 1;
    if (!isObject(item)) {
      parsed.errors.push({ row, problem: validationFailed([{ path: '/', message: 'must be an object' }]) });
      return;
    }
    collect(parsed, row, () => readItem(item, row));
  });
  return parsed;
}

/** A CSV row as a map from the header's names (as written) to cells. */
type CsvRow = Map<string, string>;

function fromCsv(text: string, readRow: RowReader<CsvRow>): ParsedImport {
  const table = parseCsv(text);
  const parsed: ParsedImport = { rows: table.rows.length, items: [], errors: [] };
  table.rows.forEach((cells, index) => {
    const row = index + 1;
    if (cells.length !== table.header.length) {
      const problem = new Problem(
        'validation_failed',
        `Row ${row} has ${cells.length} cells where the header has ${table.header.length} columns.`,
        { errors: [{ path: '/', message: `has ${cells.length} cells, not ${table.header.length}` }] },
      );
      parsed.errors.push({ row, problem });
      return;
    }
    const record: CsvRow = new Map(table.header.map((name, i) => [name, cells[i] as string]));
    collect(parsed, row, () => readRow(record, row));
  });
  return parsed;
}

/** A problem of the whole file (a missing column), found while reading a row: the import stops. */
class FileProblem extends Problem {}

function collect(parsed: ParsedImport, row: number, read: () => Omit<ImportItem, 'row'>): void {
  try {
    parsed.items.push({ row, ...read() });
  } catch (error) {
    if (!(error instanceof Problem) || error instanceof FileProblem) throw error;
    parsed.errors.push({ row, problem: error });
  }
}

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Leaves out what is undefined, null or empty text, so a blank cell is a field not given. */
function given(fields: Json): Json {
  return Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined && value !== null && value !== ''),
  );
}

/** The cell of the first of `names` the header has (compared without case, spaces, _ or -). */
function cell(record: CsvRow, ...names: string[]): string | undefined {
  const wanted = new Set(names.map(plainName));
  for (const [name, value] of record) if (wanted.has(plainName(name))) return value.trim();
  return undefined;
}

const plainName = (name: string) => name.toLowerCase().replace(/[\s_-]/g, '');

function requireColumn(record: CsvRow, what: string, ...names: string[]): void {
  if (cell(record, ...names) !== undefined) return;
  throw new FileProblem('bad_request', `The file has no ${what} column (one of: ${names.join(', ')}).`, {
    errors: [{ path: '/body', message: `the header needs a ${what} column (${names.join(', ')})` }],
  });
}

/** Tags as peers write them: separated by | (or , or ; in older exports). */
function tagsOf(text: string | undefined): string[] | undefined {
  if (!text) return undefined;
  const tags = text
    .split(/[|,;]/)
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
  return tags.length > 0 ? tags : undefined;
}

/** A peer's time as RFC 3339 (SQLite-style `2024-01-02 03:04:05` is UTC); undefined when none. */
function instantOf(value: unknown, path: string): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  const text = String(value).trim();
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/.test(text) ? `${text.replace(' ', 'T')}Z` : text;
  const time = Date.parse(iso);
  if (Number.isNaN(time)) throw validationFailed([{ path, message: 'is not a date and time' }]);
  return new Date(time).toISOString();
}

/** Host and slug of a short URL as peers write it: `https://bit.ly/abc`, `bit.ly/abc` or `abc`. */
function shortLinkOf(text: string | undefined): { domain: string | null; slug: string | undefined } {
  if (!text) return { domain: null, slug: undefined };
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`;
  if (!text.includes('/')) return { domain: null, slug: text };
  try {
    const url = new URL(withScheme);
    const slug = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, '')) || undefined;
    return { domain: url.hostname.toLowerCase(), slug };
  } catch {
    return { domain: null, slug: text };
  }
}

// ---------------------------------------------------------------------------------------------
// Ours: the columns of GET /qrcodes/export.csv, and the codes of export.json

/** Fields an export writes that a new code does not take (they are made anew). */
const OUTPUT_ONLY = new Set([
  'id',
  'shortUrl',
  'createdAt',
  'updatedAt',
  'scans',
  'passwordProtected',
  'imageUrl',
  'warnings',
  'image',
]);
const JSON_CELLS = new Set(['data', 'exec', 'style', 'rules', 'utm', 'apps']);
const KNOWN_COLUMNS = new Set<string>([...OUR_COLUMNS, 'password']);

function ourCsvRow(record: CsvRow): Omit<ImportItem, 'row'> {
  const unknown = [...record.keys()].filter((name) => !KNOWN_COLUMNS.has(name));
  if (unknown.length > 0) {
    throw new FileProblem(
      'bad_request',
      `Unknown column(s) ${unknown.join(', ')}: our CSV has ${OUR_COLUMNS.join(', ')}.`,
      {
        errors: unknown.map((name) => ({ path: '/body', message: `column ${name} is not one of ours` })),
      },
    );
  }
  const fields: Json = {};
  const errors: FieldError[] = [];
  for (const [name, raw] of record) {
    // Our export guards text a spreadsheet would run (`'=...`): the cell stands for the text unguarded.
    const cellText = unguardCsvText(raw);
    const text = name === 'title' ? cellText : cellText.trim();
    if (text === '' || OUTPUT_ONLY.has(name)) continue;
    try {
      fields[name] = cellValue(name, text);
    } catch (error) {
      errors.push({ path: `/${name}`, message: (error as Error).message });
    }
  }
  if (errors.length > 0) throw validationFailed(errors);
  return ourItem(fields);
}

function cellValue(name: string, text: string): unknown {
  if (JSON_CELLS.has(name)) {
    try {
      return JSON.parse(text);
    } catch {
      throw new Error('is not valid JSON');
    }
  }
  if (name === 'tags') return ourTagsOf(text);
  if (name === 'enabled') {
    if (/^(true|yes|1)$/i.test(text)) return true;
    if (/^(false|no|0)$/i.test(text)) return false;
    throw new Error('must be true or false');
  }
  if (name === 'maxScans') {
    if (!/^\d+$/.test(text)) throw new Error('must be a whole number');
    return Number(text);
  }
  return text;
}

/** Our tags cell: separated by |, or a JSON list when a tag holds a | itself. */
function ourTagsOf(text: string): unknown {
  if (!text.startsWith('['))
    return text
      .split('|')
      .map((tag) => tag.trim())
      .filter((tag) => tag !== '');
  try {
    return JSON.parse(text);
  } catch {
    throw new Error('is not a valid JSON list');
  }
}

function ourJsonItem(item: Json): Omit<ImportItem, 'row'> {
  const fields = Object.fromEntries(Object.entries(item).filter(([key]) => !OUTPUT_ONLY.has(key)));
  return ourItem(fields);
}

/** Our fields (CSV cells decoded, or a JSON item) as an import item: hostname and rules apart. */
function ourItem(fields: Json): Omit<ImportItem, 'row'> {
  const { hostname, rules, ...rest } = fields;
  const body = given(rest);
  if (body.mode === undefined)
    body.mode = body.data !== undefined ? 'static' : body.exec !== undefined ? 'exec' : 'redirect';
  if (rules !== undefined && rules !== null && !Array.isArray(rules)) {
    throw validationFailed([{ path: '/rules', message: 'must be a list of rule ids or rule definitions' }]);
  }
  return {
    body,
    domain: typeof hostname === 'string' && hostname !== '' ? hostname.toLowerCase() : null,
    rules: ((rules as unknown[] | undefined) ?? []).map((rule, i) => ruleOf(rule, i)),
  };
}

function ruleOf(rule: unknown, index: number): string | RuleDefinition {
  if (typeof rule === 'string') return rule;
  if (isObject(rule) && typeof rule.name === 'string' && isObject(rule.then)) {
    return {
      name: rule.name,
      enabled: rule.enabled !== false,
      when: rule.when === undefined ? null : rule.when,
      then: rule.then,
    };
  }
  throw validationFailed([
    { path: `/rules/${index}`, message: 'must be a rule id or { name, enabled, when, then }' },
  ]);
}

// ---------------------------------------------------------------------------------------------
// Bitly: the links CSV (Bitlink fields: link or id as bit.ly/abc, long_url, title, tags, custom_bitlinks)

function bitlyRow(record: CsvRow): Omit<ImportItem, 'row'> {
  requireColumn(record, 'long URL', 'long_url', 'long url', 'destination', 'destination url', 'original url');
  const custom = cell(record, 'custom_bitlinks', 'custom bitlinks', 'custom back-half', 'custom back-halves')
    ?.split(/[\s,|]+/)
    .find((link) => link !== '');
  const link = shortLinkOf(
    custom ?? cell(record, 'link', 'bitlink', 'short link', 'short url', 'shortlink', 'id'),
  );
  return {
    body: given({
      mode: 'redirect',
      target: cell(record, 'long_url', 'long url', 'destination', 'destination url', 'original url'),
      slug: link.slug,
      title: cell(record, 'title'),
      tags: tagsOf(cell(record, 'tags')),
    }),
    domain: link.domain,
    rules: [],
  };
}

// ---------------------------------------------------------------------------------------------
// Shlink: shlink-web-client's CSV (createdAt, domain, shortCode, shortUrl, longUrl, title, tags,
// visits), and the REST API's list (`{ shortUrls: { data: [...] } }`)

function shlinkCsvRow(record: CsvRow): Omit<ImportItem, 'row'> {
  requireColumn(record, 'longUrl', 'longUrl');
  const short = shortLinkOf(cell(record, 'shortUrl'));
  return {
    body: given({
      mode: 'redirect',
      target: cell(record, 'longUrl'),
      slug: cell(record, 'shortCode') || short.slug,
      title: cell(record, 'title'),
      tags: tagsOf(cell(record, 'tags')),
    }),
    domain: cell(record, 'domain')?.toLowerCase() || short.domain,
    rules: [],
  };
}

function shlinkList(value: unknown): unknown[] {
  if (isObject(value) && isObject(value.shortUrls)) return listOf(value.shortUrls, ['data']);
  return listOf(value, ['data']);
}

function shlinkJsonItem(item: Json): Omit<ImportItem, 'row'> {
  const meta = isObject(item.meta) ? item.meta : {};
  const short = shortLinkOf(typeof item.shortUrl === 'string' ? item.shortUrl : undefined);
  return {
    body: given({
      mode: 'redirect',
      target: item.longUrl,
      slug: item.shortCode ?? short.slug,
      title: item.title,
      tags: Array.isArray(item.tags) && item.tags.length > 0 ? item.tags : undefined,
      activeFrom: instantOf(meta.validSince, '/meta/validSince'),
      expiresAt: instantOf(meta.validUntil, '/meta/validUntil'),
      maxScans: meta.maxVisits,
    }),
    domain: typeof item.domain === 'string' ? item.domain.toLowerCase() : short.domain,
    rules: [],
  };
}

// ---------------------------------------------------------------------------------------------
// Kutt: the API's link list (`{ total, limit, skip, data: [...] }`)

function kuttItem(item: Json): Omit<ImportItem, 'row'> {
  if (item.password === true) {
    throw new Problem(
      'unprocessable',
      'The link is password-protected in Kutt, whose API never gives the password: create it here with a password of your own.',
      { errors: [{ path: '/password', message: 'is protected, and Kutt does not export the password' }] },
    );
  }
  const link = isObject(item.link) ? item.link.url : item.link;
  const short = shortLinkOf(typeof link === 'string' ? link : undefined);
  return {
    body: given({
      mode: 'redirect',
      target: item.target,
      slug: item.address ?? short.slug,
      title: item.description,
      expiresAt: instantOf(item.expire_in, '/expire_in'),
      enabled: item.banned === true ? false : undefined,
    }),
    domain: typeof item.domain === 'string' && item.domain !== '' ? item.domain.toLowerCase() : short.domain,
    rules: [],
  };
}

// ---------------------------------------------------------------------------------------------
// YOURLS: its URL table as export plugins write it (keyword, url, title, timestamp, ip, clicks),
// and the API's `action=stats` answer (`{ links: { link_1: { shorturl, url, title, ... } } }`)

function yourlsRow(record: CsvRow): Omit<ImportItem, 'row'> {
  requireColumn(record, 'url', 'url', 'long url', 'longurl');
  const short = shortLinkOf(cell(record, 'shorturl', 'short url'));
  return {
    body: given({
      mode: 'redirect',
      target: cell(record, 'url', 'long url', 'longurl'),
      slug: cell(record, 'keyword') || short.slug,
      title: cell(record, 'title'),
    }),
    domain: short.domain,
    rules: [],
  };
}

function yourlsList(value: unknown): unknown[] {
  if (isObject(value) && isObject(value.links)) return Object.values(value.links);
  return listOf(value, ['links']);
}

function yourlsItem(item: Json): Omit<ImportItem, 'row'> {
  const short = shortLinkOf(typeof item.shorturl === 'string' ? item.shorturl : undefined);
  return {
    body: given({
      mode: 'redirect',
      target: item.url,
      slug: item.keyword ?? short.slug,
      title: item.title,
    }),
    domain: short.domain,
    rules: [],
  };
}
