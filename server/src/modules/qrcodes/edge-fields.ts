import type { CodeMode } from './qrcodes.validate.js';

/**
 * The columns of a code the redirect edge reads, declared once. Everything else derives from
 * this list: the table type's columns (qrcodes.table.ts), the edge's row (`RedirectRow`), the
 * columns its queries select (qrcodes.repository.ts), the edge code file's record
 * (edge-code-file.ts) and the sizing of that file. The covering index `qrcodes_edge_covering` is made by
 * migrations, which keep their own lists; a test (server/test/db/edge-fields.test.ts) checks that
 * it covers every field here and that each field's value comes back from every layer.
 *
 * Adding a field is one entry here plus a migration that adds the column and remakes the index
 * (CONTRIBUTING.md, "A field the edge reads").
 */

/**
 * How the edge code file writes one value: fields are joined by NUL, which no stored text holds
 * (URLs and JSON escape control characters), and SOH stands for null. Text holding either mark
 * could not be told apart: such a row is not stored in the file (the edge reads it from the
 * database). Splitting such a record costs a third of parsing the same row as JSON.
 */
export const FIELD_SEPARATOR = '\0';
const NULL_MARK = '\u0001';

export interface EdgeCodec<T> {
  /** The column's SQL type, as a migration adds it. */
  readonly sqlType: 'text' | 'bigint' | 'integer';
  readonly nullable: boolean;
  /** Whether its length counts in the characters the edge code file is sized by. */
  readonly isText: boolean;
  /** The value as the edge code file holds it; undefined when it cannot be held. */
  encode(value: T): string | undefined;
  decode(field: string): T;
}

const holdsMark = (value: string) => value.includes(FIELD_SEPARATOR) || value.includes(NULL_MARK);

/** Text that is never null; `T` narrows it (a mode). */
export function text<T extends string = string>(): EdgeCodec<T> {
  return {
    sqlType: 'text',
    nullable: false,
    isText: true,
    encode: (value) => (holdsMark(value) ? undefined : value),
    decode: (field) => field as T,
  };
}

export function nullableText(): EdgeCodec<string | null> {
  return {
    sqlType: 'text',
    nullable: true,
    isText: true,
    encode: (value) => (value === null ? NULL_MARK : holdsMark(value) ? undefined : value),
    decode: (field) => (field === NULL_MARK ? null : field),
  };
}

/** A whole number; `sqlType` 'integer' for flags, 'bigint' for times and counts. */
export function whole(sqlType: 'integer' | 'bigint' = 'bigint'): EdgeCodec<number> {
  return { sqlType, nullable: false, isText: false, encode: String, decode: Number };
}

export function nullableWhole(sqlType: 'integer' | 'bigint' = 'bigint'): EdgeCodec<number | null> {
  return {
    sqlType,
    nullable: true,
    isText: false,
    encode: (value) => (value === null ? NULL_MARK : String(value)),
    decode: (field) => (field === NULL_MARK ? null : Number(field)),
  };
}

export interface EdgeField<C extends string = string, T = unknown> {
  readonly column: C;
  readonly codec: EdgeCodec<T>;
}

const field = <C extends string, T>(column: C, codec: EdgeCodec<T>): EdgeField<C, T> => ({ column, codec });

/**
 * Every column the edge reads besides the key (host_key, slug) and the rule ids (qrcode_rules).
 * The order is the edge code file's record order: a change of it needs no migration (the file is
 * rebuilt at each start), a column does.
 */
export const EDGE_FIELDS = [
  field('id', text()),
  field('account_id', text()),
  field('mode', text<CodeMode>()),
  field('target', nullableText()),
  field('exec_json', nullableText()),
  /** 1 or 0: SQLite has no boolean type, and one representation keeps the queries portable. */
  field('enabled', whole('integer')),
  // Link controls (link-controls.ts): epoch ms, a count, a URL, code-password.ts's hash, JSON text.
  field('active_from', nullableWhole()),
  field('expires_at', nullableWhole()),
  field('max_scans', nullableWhole()),
  field('expired_target', nullableText()),
  field('password_hash', nullableText()),
  field('utm_json', nullableText()),
  field('apps_json', nullableText()),
  // Conversions (issue 47): `{ enabled, parameter }` as JSON text; null: the workspace's default.
  field('attribution_json', nullableText()),
] as const;

type Fields = (typeof EDGE_FIELDS)[number];

/** The edge's columns of the qrcodes table with their types (qrcodes.table.ts takes them from here). */
export type EdgeColumns = {
  [F in Fields as F['column']]: F extends EdgeField<string, infer T> ? T : never;
};

/** What the redirect edge reads of the code served at (host, slug): no style, no tags. */
export type RedirectRow = EdgeColumns & {
  slug: string;
  /** '' for the primary (short) host, otherwise the custom hostname the code is served from. */
  host_key: string;
  /** The code's rule ids in their order. */
  rule_ids: string[];
};

/** The columns the edge's queries select, the key first. */
export const EDGE_COLUMNS: readonly string[] = ['host_key', 'slug', ...EDGE_FIELDS.map((f) => f.column)];

/** The text columns (besides the key's), whose characters size the edge code file. */
export const EDGE_TEXT_COLUMNS: readonly string[] = EDGE_FIELDS.filter((f) => f.codec.isText).map(
  (f) => f.column,
);

/** The row's fields as the edge code file's record (without its key), or undefined when one cannot be held. */
export function encodeEdgeRecord(row: RedirectRow): string | undefined {
  const fields: string[] = [];
  for (const { column, codec } of EDGE_FIELDS as readonly EdgeField[]) {
    const encoded = codec.encode(row[column as keyof EdgeColumns]);
    if (encoded === undefined) return undefined;
    fields.push(encoded);
  }
  // Rule ids never hold a comma (nor a mark: they are our ids).
  fields.push(row.rule_ids.join(','));
  return fields.join(FIELD_SEPARATOR);
}

/** The row a record of `encodeEdgeRecord` holds, with its key. */
export function decodeEdgeRecord(record: string, hostKey: string, slug: string): RedirectRow {
  const fields = record.split(FIELD_SEPARATOR);
  const row: Record<string, unknown> = { slug, host_key: hostKey };
  for (let i = 0; i < EDGE_FIELDS.length; i++) {
    const { column, codec } = EDGE_FIELDS[i] as EdgeField;
    row[column] = codec.decode(fields[i] as string);
  }
  const ruleIds = fields[EDGE_FIELDS.length];
  row.rule_ids = ruleIds ? ruleIds.split(',') : [];
  return row as RedirectRow;
}
