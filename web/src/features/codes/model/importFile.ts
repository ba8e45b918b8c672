/**
 * Import on the site: a user's file (our export, a peer's export, or any CSV or JSON list) read
 * into rows and sent to `POST /qrcodes/import` the way the API reads it best. A file whose format
 * is known (ours, Bitly, Shlink, Kutt, YOURLS) goes as it is, with its `format`, so the server
 * keeps slugs and hostnames as the CLI's import does; any other file's columns are mapped to our
 * fields and sent as our JSON. Each row remembers its line in the user's file, so the API's row
 * numbers point there.
 */

/** The formats the API reads (`?format=`), and `columns`: a file whose columns the user maps. */
export const READ_AS = ['csv', 'json', 'bitly', 'shlink', 'kutt', 'yourls', 'columns'] as const;
export type ReadAs = (typeof READ_AS)[number];

export const READ_AS_LABELS: Record<ReadAs, string> = {
  csv: 'Our CSV export',
  json: 'Our JSON export',
  bitly: 'Bitly export',
  shlink: 'Shlink export',
  kutt: 'Kutt export',
  yourls: 'YOURLS export',
  columns: 'Another file: map its columns',
};

/** The fields of ours a mapped column can fill (API.md "Bulk, import, export, print"). */
export const OUR_FIELDS = ['target', 'slug', 'title', 'tags', 'hostname', 'mode', 'enabled'] as const;
export type OurField = (typeof OUR_FIELDS)[number];

export const FIELD_LABELS: Record<OurField, string> = {
  target: 'Target URL',
  slug: 'Slug',
  title: 'Title',
  tags: 'Tags',
  hostname: 'Hostname',
  mode: 'Mode',
  enabled: 'Enabled',
};

/** The columns of our export (GET /qrcodes/export.csv), and `password`, which a file may carry. */
const OUR_COLUMNS = new Set([
  'id',
  'slug',
  'hostname',
  'shortUrl',
  'mode',
  'target',
  'title',
  'tags',
  'enabled',
  'data',
  'exec',
  'style',
  'rules',
  'activeFrom',
  'expiresAt',
  'maxScans',
  'expiredTarget',
  'utm',
  'apps',
  'passwordHash',
  'password',
  'createdAt',
  'updatedAt',
  'scans',
]);

/** Column names the peers' exports use for each field, for a file the user maps. */
const SYNONYMS: Record<OurField, string[]> = {
  target: ['target', 'long_url', 'longurl', 'url', 'original_url', 'destination', 'long url'],
  slug: ['slug', 'shortcode', 'short_code', 'keyword', 'address', 'custom_bitlinks', 'back_half', 'backhalf'],
  title: ['title', 'name', 'description'],
  tags: ['tags', 'tag', 'labels'],
  hostname: ['hostname', 'domain', 'host'],
  mode: ['mode'],
  enabled: ['enabled', 'active'],
};

interface SourceRow {
  /** Where the row starts in the user's file (1-based; JSON: the item's number). */
  line: number;
  /** The row's cells by column, as text (a JSON value that is no text as JSON). */
  values: Record<string, string>;
  /** What the row is in the file: a CSV record's text, or a JSON item. */
  raw: unknown;
}

/** A file read into rows. */
export interface SourceFile {
  kind: 'csv' | 'json';
  columns: string[];
  rows: SourceRow[];
  /** A CSV file's header line as written; a JSON file's wrapper (`{ format: "rq-codes" }`) matters not. */
  header: string;
  /** Our export.json names itself `{ "format": "rq-codes" }`. */
  ourJson: boolean;
}

/**
 * RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. Answers each record with
 * its first line and its text as written (without the line break that ends it).
 */
export function parseCsv(text: string): { line: number; cells: string[]; text: string }[] {
  const rows: { line: number; cells: string[]; text: string }[] = [];
  const body = text.replace(/^\uFEFF/, '');
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  let rowStart = 0;
  const endRecord = (end: number) => {
    cells.push(cell);
    if (cells.length > 1 || cells[0] !== '')
      rows.push({ line: rowLine, cells, text: body.slice(rowStart, end) });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < body.length; i++) {
    const char = body[i] as string;
    if (quoted) {
      if (char === '"' && body[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        cell += char;
      }
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      endRecord(i);
      if (char === '\r' && body[i + 1] === '\n') i++;
      line++;
      rowLine = line;
      rowStart = i + 1;
    } else cell += char;
  }
  endRecord(body.length);
  return rows;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function scalar(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(scalar).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * The links of a JSON export: a list, the first list property (`codes`, `data`), Shlink's
 * `{ shortUrls: { data: [...] } }`, or YOURLS' `{ links: { link_1: {...} } }`.
 */
function jsonItems(parsed: unknown): unknown[] {
  if (Array.isArray(parsed)) return parsed;
  if (isObject(parsed)) {
    for (const value of Object.values(parsed)) {
      if (Array.isArray(value)) return value;
      if (isObject(value) && Array.isArray(value.data)) return value.data;
    }
    if (isObject(parsed.links)) return Object.values(parsed.links);
  }
  throw new Error('The JSON file holds no list of links.');
}

/** Reads a file's text: JSON when it starts with [ or {, CSV otherwise (a header row first). */
export function readSource(text: string): SourceFile {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    const parsed: unknown = JSON.parse(trimmed);
    const items = jsonItems(parsed);
    const columns = [...new Set(items.flatMap((item) => (isObject(item) ? Object.keys(item) : [])))];
    return {
      kind: 'json',
      columns,
      header: '',
      ourJson: isObject(parsed) && parsed.format === 'rq-codes',
      rows: items.map((item, index) => ({
        line: index + 1,
        values: Object.fromEntries(
          columns.map((column) => [column, scalar(isObject(item) ? item[column] : undefined)]),
        ),
        raw: item,
      })),
    };
  }
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new Error('The file is empty.');
  const columns = header.cells.map((cell) => cell.trim());
  return {
    kind: 'csv',
    columns,
    header: header.text,
    ourJson: false,
    rows: rows.map((row) => ({
      line: row.line,
      values: Object.fromEntries(columns.map((column, i) => [column, row.cells[i] ?? ''])),
      raw: row.text,
    })),
  };
}

/** A column name as the API compares them: without case, spaces, `-` or `_` (`Long URL` is `long_url`). */
const plainName = (name: string) => name.toLowerCase().replace(/[\s_-]/g, '');

/**
 * How the API should read the file, by its columns: our export, a peer's export by the columns
 * only it has, or `columns` when none fits (the user maps them). The user may choose otherwise.
 */
export function detectFormat(source: SourceFile): ReadAs {
  const names = new Set(source.columns.map(plainName));
  const has = (...wanted: string[]) => wanted.some((name) => names.has(name));
  const ours =
    source.columns.length > 0 &&
    source.columns.every((column) => OUR_COLUMNS.has(column)) &&
    has('target', 'data', 'exec');
  if (source.ourJson || ours) return source.kind === 'csv' ? 'csv' : 'json';
  if (has('shortcode') && has('longurl')) return 'shlink';
  if (source.kind === 'json' && has('address') && has('target')) return 'kutt';
  if (has('keyword', 'shorturl') && has('url')) return 'yourls';
  const bitlyTarget = has('longurl', 'destination', 'destinationurl', 'originalurl');
  if (source.kind === 'csv' && bitlyTarget && has('link', 'bitlink', 'shortlink', 'custombitlinks', 'id'))
    return 'bitly';
  return 'columns';
}

/** Whether the API can read the file as `readAs`: CSV formats take CSV, JSON formats JSON; Shlink and YOURLS both. */
export function readable(source: SourceFile, readAs: ReadAs): boolean {
  if (readAs === 'columns' || readAs === 'shlink' || readAs === 'yourls') return true;
  return (source.kind === 'csv') === (readAs === 'csv' || readAs === 'bitly');
}

export type Mapping = Partial<Record<OurField, string>>;

/** The column each of our fields most likely comes from, by name. */
export function guessMapping(columns: readonly string[]): Mapping {
  const mapping: Mapping = {};
  const normal = (name: string) =>
    name
      .trim()
      .toLowerCase()
      .replace(/[\s-]+/g, '_');
  for (const field of OUR_FIELDS) {
    const match = SYNONYMS[field]
      .map((synonym) => columns.find((column) => normal(column) === synonym.replace(/\s+/g, '_')))
      .find((column) => column !== undefined);
    if (match !== undefined && !Object.values(mapping).includes(match)) mapping[field] = match;
  }
  return mapping;
}

/** A mapped row as a code of our JSON: its cells under our field names, tags split, enabled a boolean. */
function mappedItem(values: Record<string, string>, mapping: Mapping): Record<string, unknown> {
  const item: Record<string, unknown> = {};
  for (const field of OUR_FIELDS) {
    const column = mapping[field];
    const text = column === undefined ? '' : (values[column] ?? '').trim();
    if (text === '') continue;
    if (field === 'tags') item.tags = text.split(/[,;|]/).flatMap((tag) => tag.trim() || []);
    else if (field === 'enabled' && /^(true|yes|1)$/i.test(text)) item.enabled = true;
    else if (field === 'enabled' && /^(false|no|0)$/i.test(text)) item.enabled = false;
    // Anything else stays as written, and the API names what is wrong with it.
    else item[field] = text;
  }
  return item;
}

/** One request's worth of the file: its body, how the API reads it, and the user's line of each of its rows. */
export interface ImportChunk {
  format: Exclude<ReadAs, 'columns'>;
  contentType: 'text/csv' | 'application/json';
  body: string;
  lines: number[];
}

/**
 * The file as the bodies to send, `size` rows a body (Infinity: one body, so an all-or-nothing
 * import or a dry run sees the whole file). A known format goes as written (CSV records as their
 * text under the header line, JSON items as a list); mapped columns go as our JSON.
 */
export function importChunks(
  source: SourceFile,
  readAs: ReadAs,
  mapping: Mapping,
  size = Number.POSITIVE_INFINITY,
): ImportChunk[] {
  const chunks: ImportChunk[] = [];
  const step = Math.max(1, Math.min(size, source.rows.length));
  for (let start = 0; start < source.rows.length; start += step) {
    const rows = source.rows.slice(start, start + step);
    const lines = rows.map((row) => row.line);
    if (readAs === 'columns') {
      const codes = rows.map((row) => mappedItem(row.values, mapping));
      chunks.push({
        format: 'json',
        contentType: 'application/json',
        body: JSON.stringify({ codes }),
        lines,
      });
    } else if (source.kind === 'csv') {
      const body = `${[source.header, ...rows.map((row) => row.raw as string)].join('\n')}\n`;
      chunks.push({ format: readAs, contentType: 'text/csv', body, lines });
    } else {
      const body = JSON.stringify(rows.map((row) => row.raw));
      chunks.push({ format: readAs, contentType: 'application/json', body, lines });
    }
  }
  return chunks;
}

/**
 * The line in the user's file of a `row` of a chunk: the API numbers a CSV's data rows from 1 (the
 * header is not a row), and a JSON list's items from 1.
 */
export function fileLineOf(chunk: Pick<ImportChunk, 'lines'>, row: number): number {
  return chunk.lines[row - 1] ?? row;
}

/** A row's problem in a sentence: its field problems where it has some (a validation detail only repeats them), else its detail. */
export function rowProblemText(problem: {
  detail?: string;
  title?: string;
  code?: string;
  errors?: { path: string; message: string }[];
}): string {
  if (problem.errors && problem.errors.length > 0)
    return problem.errors
      .map(({ path, message }) => (path === '/' || path === '' ? message : `${path.slice(1)} ${message}`))
      .join('; ');
  return problem.detail ?? problem.title ?? problem.code ?? 'refused';
}
