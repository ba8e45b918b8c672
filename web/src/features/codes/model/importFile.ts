/**
 * Import on the site: a user's file (our CSV, a peer's CSV or JSON export) read into rows, its
 * columns mapped to our fields, and the mapped rows written as our CSV in chunks, each row
 * remembering where it was in the user's file so the API's row errors can point there.
 */

/** The fields of our CSV the site maps columns to (API.md "Bulk, import, export, print"). */
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

/**
 * The columns of our export (GET /qrcodes/export.csv). A file with only these is ours: the columns
 * the mapping does not cover (style, rules, link controls...) go along unchanged, so nothing is lost.
 */
const OUR_EXPORT_COLUMNS = [
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
  'createdAt',
  'updatedAt',
  'scans',
];
const OUTPUT_ONLY = new Set(['id', 'shortUrl', 'createdAt', 'updatedAt', 'scans']);

/** The columns of our own export that travel as they are (none for a peer's file). */
export function passthroughColumns(source: SourceFile): string[] {
  if (source.kind !== 'csv' || !source.columns.every((column) => OUR_EXPORT_COLUMNS.includes(column)))
    return [];
  return source.columns.filter(
    (column) => !OUTPUT_ONLY.has(column) && !(OUR_FIELDS as readonly string[]).includes(column),
  );
}

/** Column names the peers' exports use for each field (Bitly, Shlink, Kutt, YOURLS and ours). */
const SYNONYMS: Record<OurField, string[]> = {
  target: ['target', 'long_url', 'longurl', 'url', 'original_url', 'destination', 'long url'],
  slug: ['slug', 'shortcode', 'short_code', 'keyword', 'address', 'custom_bitlinks', 'back_half', 'backhalf'],
  title: ['title', 'name', 'description'],
  tags: ['tags', 'tag', 'labels'],
  hostname: ['hostname', 'domain', 'host'],
  mode: ['mode'],
  enabled: ['enabled', 'active'],
};

/** A file read into rows: `line` is where the row starts in the user's file (1-based; JSON: item number). */
export interface SourceFile {
  kind: 'csv' | 'json';
  columns: string[];
  rows: { line: number; values: Record<string, string> }[];
}

/** RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. Answers rows with their first line. */
export function parseCsv(text: string): { line: number; cells: string[] }[] {
  const rows: { line: number; cells: string[] }[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const body = text.replace(/^\uFEFF/, '');
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
      if (char === '\r' && body[i + 1] === '\n') i++;
      cells.push(cell);
      if (cells.length > 1 || cells[0] !== '') rows.push({ line: rowLine, cells });
      cells = [];
      cell = '';
      line++;
      rowLine = line;
    } else cell += char;
  }
  cells.push(cell);
  if (cells.length > 1 || cells[0] !== '') rows.push({ line: rowLine, cells });
  return rows;
}

function scalar(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.map(scalar).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The list of link objects in a peer's JSON export: an array, or the first array property (`links`, `data`). */
function jsonItems(parsed: unknown): Record<string, unknown>[] {
  if (Array.isArray(parsed)) return parsed as Record<string, unknown>[];
  if (parsed && typeof parsed === 'object') {
    for (const value of Object.values(parsed))
      if (Array.isArray(value)) return value as Record<string, unknown>[];
  }
  throw new Error('The JSON file holds no list of links.');
}

/** Reads a file's text: JSON when it starts with [ or {, CSV otherwise (a header row first). */
export function readSource(text: string): SourceFile {
  const trimmed = text.trimStart();
  if (trimmed.startsWith('[') || trimmed.startsWith('{')) {
    const items = jsonItems(JSON.parse(trimmed));
    const columns = [...new Set(items.flatMap((item) => Object.keys(item ?? {})))];
    return {
      kind: 'json',
      columns,
      rows: items.map((item, index) => ({
        line: index + 1,
        values: Object.fromEntries(columns.map((column) => [column, scalar(item?.[column])])),
      })),
    };
  }
  const [header, ...rows] = parseCsv(text);
  if (!header) throw new Error('The file is empty.');
  const columns = header.cells.map((cell) => cell.trim());
  return {
    kind: 'csv',
    columns,
    rows: rows.map((row) => ({
      line: row.line,
      values: Object.fromEntries(columns.map((column, i) => [column, row.cells[i] ?? ''])),
    })),
  };
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

function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** Tags as a peer writes them (comma, semicolon, pipe or space separated) in our CSV's form. */
function tagsOf(value: string): string {
  return value
    .split(/[,;|]/)
    .map((tag) => tag.trim())
    .filter(Boolean)
    .join('|');
}

/** One chunk of our CSV: its text and, for each of its data rows, the line in the user's file. */
export interface CsvChunk {
  csv: string;
  lines: number[];
}

/** The mapped rows as our CSV (header first), `size` rows a chunk. */
export function toOurCsv(source: SourceFile, mapping: Mapping, size = 500): CsvChunk[] {
  const fields = OUR_FIELDS.filter((field) => mapping[field] !== undefined);
  const extra = passthroughColumns(source);
  const header = [...fields, ...extra].join(',');
  const chunks: CsvChunk[] = [];
  for (let start = 0; start < source.rows.length; start += size) {
    const rows = source.rows.slice(start, start + size);
    const lines = rows.map((row) =>
      fields
        .map((field) => {
          const raw = (row.values[mapping[field] as string] ?? '').trim();
          return csvCell(field === 'tags' ? tagsOf(raw) : raw);
        })
        .concat(extra.map((column) => csvCell(row.values[column] ?? '')))
        .join(','),
    );
    chunks.push({ csv: `${header}\n${lines.join('\n')}\n`, lines: rows.map((row) => row.line) });
  }
  return chunks;
}

/**
 * The line in the user's file of an error's `row` in a chunk: the API numbers a CSV's data rows
 * from 1 (the header is not a row).
 */
export function fileLineOf(chunk: CsvChunk, row: number): number {
  return chunk.lines[row - 1] ?? row;
}
