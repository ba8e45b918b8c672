import { type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Database, Dialect } from '../../db/database.js';
import { countOnHosts, workspaceRows } from '../../db/workspace-rows.js';
import type { NewQrCodeRow, QrCodeRow, QrCodeUpdate } from './qrcodes.table.js';

/** A code of the workspace by id, the workspace's codes among ids, and how many it holds. */
export const { find: findCode, findMany: findCodesByIds, count: countCodes } = workspaceRows('qrcodes');

/** How many of the workspace's codes each of these hostnames serves (absent: none). */
export const countCodesOnHosts = (db: Kysely<Database>, workspaceId: string, hostKeys: readonly string[]) =>
  countOnHosts(db, 'qrcodes', workspaceId, hostKeys);

/** Which of `ids` the account holds, with the slug and host that name a code's file. */
export function findCodeNames(
  db: Kysely<Database>,
  workspaceId: string,
  ids: readonly string[],
): Promise<Array<Pick<QrCodeRow, 'id' | 'slug' | 'host_key'>>> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('qrcodes')
    .select(['id', 'slug', 'host_key'])
    .where('account_id', '=', workspaceId)
    .where('id', 'in', ids)
    .execute();
}

/** A code by id alone: only for a caller that proved its right to it otherwise (a signed image URL). */
export function findCodeById(db: Kysely<Database>, id: string): Promise<QrCodeRow | undefined> {
  return db.selectFrom('qrcodes').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Inserts a code with its rules (in order); `db` is the caller's transaction. */
export async function insertCode(
  db: Kysely<Database>,
  row: NewQrCodeRow,
  ruleIds: readonly string[] = [],
): Promise<void> {
  await db.insertInto('qrcodes').values(row).execute();
  if (ruleIds.length === 0) return;
  await db
    .insertInto('qrcode_rules')
    .values(ruleIds.map((rule_id, position) => ({ qrcode_id: row.id, position, rule_id })))
    .execute();
}

export async function updateCode(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
  changes: QrCodeUpdate,
): Promise<boolean> {
  const result = await db
    .updateTable('qrcodes')
    .set(changes)
    .where('account_id', '=', workspaceId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/**
 * Deletes the code and its rule assignments; the row as it was, or undefined when there was none.
 * `db` is the caller's transaction.
 */
export async function deleteCode(
  db: Kysely<Database>,
  workspaceId: string,
  id: string,
): Promise<QrCodeRow | undefined> {
  const row = await findCode(db, workspaceId, id);
  if (!row) return undefined;
  await db.deleteFrom('qrcode_rules').where('qrcode_id', '=', id).execute();
  await db.deleteFrom('qrcodes').where('id', '=', id).execute();
  return row;
}

/** Deletes every code of the workspace with its rule assignments; answers where each was served. */
export async function deleteWorkspaceCodes(
  db: Kysely<Database>,
  workspaceId: string,
): Promise<Array<Pick<QrCodeRow, 'id' | 'host_key' | 'slug'>>> {
  return db.transaction().execute(async (trx) => {
    const codes = await trx
      .selectFrom('qrcodes')
      .select(['id', 'host_key', 'slug'])
      .where('account_id', '=', workspaceId)
      .execute();
    const ids = trx.selectFrom('qrcodes').select('id').where('account_id', '=', workspaceId);
    await trx.deleteFrom('qrcode_rules').where('qrcode_id', 'in', ids).execute();
    await trx.deleteFrom('qrcodes').where('account_id', '=', workspaceId).execute();
    return codes;
  });
}

export interface CodeFilter {
  mode?: string | undefined;
  tag?: string | undefined;
  hostKey?: string | undefined;
  /** Case-insensitive text found in the title or the slug. */
  text?: string | undefined;
  enabled?: boolean | undefined;
}

/** The columns a list may be sorted by (`sort=` of `GET /qrcodes`). */
export type CodeSortField = 'slug' | 'title' | 'scans' | 'updatedAt' | 'createdAt';

export interface CodeSort {
  field: CodeSortField;
  descending: boolean;
}

/** Where a sorted page starts: after the row with this sort value and id (keyset pagination). */
export interface SortedAfter {
  value: string | number;
  id: string;
}

/** A row of a sorted list, with the value it was sorted by (the next cursor is made of it). */
export type SortedCodeRow = QrCodeRow & { sort_value: string | number };

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

type CodeQuery = SelectQueryBuilder<Database, 'qrcodes', object>;

function applyFilter(query: CodeQuery, dialect: Dialect, workspaceId: string, filter: CodeFilter): CodeQuery {
  let q = query.where('account_id', '=', workspaceId);
  if (filter.mode !== undefined) q = q.where('mode', '=', filter.mode as QrCodeRow['mode']);
  if (filter.hostKey !== undefined) q = q.where('host_key', '=', filter.hostKey);
  if (filter.enabled !== undefined) q = q.where('enabled', '=', filter.enabled ? 1 : 0);
  if (filter.tag !== undefined) {
    // Tags are stored as a JSON array of strings; the tag in its JSON quotes matches one element exactly.
    const needle = JSON.stringify(filter.tag);
    q =
      dialect === 'postgres'
        ? q.where(sql<boolean>`strpos(tags_json, ${needle}) > 0`)
        : q.where(sql<boolean>`instr(tags_json, ${needle}) > 0`);
  }
  if (filter.text !== undefined) {
    const pattern = `%${escapeLike(filter.text.toLowerCase())}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(coalesce(title, ''))`, 'like', sql`${pattern} escape '\\'`),
        eb(sql`lower(slug)`, 'like', sql`${pattern} escape '\\'`),
      ]),
    );
  }
  return q;
}

/** The account's codes, newest first, one page of keyset pagination by id (ids sort by creation). */
export function listCodes(
  db: Kysely<Database>,
  dialect: Dialect,
  workspaceId: string,
  filter: CodeFilter & { before?: string | undefined; limit: number },
): Promise<QrCodeRow[]> {
  let query = applyFilter(db.selectFrom('qrcodes'), dialect, workspaceId, filter).selectAll();
  if (filter.before !== undefined) query = query.where('id', '<', filter.before);
  return query.orderBy('id', 'desc').limit(filter.limit).execute();
}

/**
 * The expression a sort orders by; the migration 2026_11_28_0400 indexes each (but scans, which
 * lives in the scans module: `scanTotal` is its expression for the row's total).
 */
function sortExpression(field: CodeSortField, scanTotal: RawBuilder<number>): RawBuilder<string | number> {
  switch (field) {
    case 'slug':
      return sql`slug`;
    case 'title':
      return sql`lower(coalesce(title, ''))`;
    case 'scans':
      return scanTotal;
    case 'updatedAt':
      return sql`updated_at`;
    case 'createdAt':
      return sql`created_at`;
  }
}

/**
 * One page of the account's codes in the order of `sort`, ties broken by id in the same direction,
 * after `after` (the last row of the previous page): a row-wise comparison of (value, id), so every
 * code appears once across the pages even when many share a value.
 */
export function listSortedCodes(
  db: Kysely<Database>,
  dialect: Dialect,
  workspaceId: string,
  filter: CodeFilter,
  page: { sort: CodeSort; after: SortedAfter | undefined; limit: number; scanTotal: RawBuilder<number> },
): Promise<SortedCodeRow[]> {
  const value = sortExpression(page.sort.field, page.scanTotal);
  const direction = page.sort.descending ? 'desc' : 'asc';
  let query = applyFilter(db.selectFrom('qrcodes'), dialect, workspaceId, filter)
    .selectAll()
    .select(value.as('sort_value'));
  if (page.after !== undefined) {
    const { value: v, id } = page.after;
    query = page.sort.descending
      ? query.where(sql<boolean>`(${value} < ${v} or (${value} = ${v} and id < ${id}))`)
      : query.where(sql<boolean>`(${value} > ${v} or (${value} = ${v} and id > ${id}))`);
  }
  return query.orderBy(value, direction).orderBy('id', direction).limit(page.limit).execute() as Promise<
    SortedCodeRow[]
  >;
}

/** How many of the account's codes pass the filter (the table's "N codes"). */
export async function countMatchingCodes(
  db: Kysely<Database>,
  dialect: Dialect,
  workspaceId: string,
  filter: CodeFilter,
): Promise<number> {
  const row = await applyFilter(db.selectFrom('qrcodes'), dialect, workspaceId, filter)
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function findRuleIds(
  db: Kysely<Database>,
  codeIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byCode = new Map<string, string[]>(codeIds.map((id) => [id, []]));
  if (codeIds.length === 0) return byCode;
  const rows = await db
    .selectFrom('qrcode_rules')
    .select(['qrcode_id', 'rule_id'])
    .where('qrcode_id', 'in', [...codeIds])
    .orderBy('qrcode_id')
    .orderBy('position')
    .execute();
  for (const row of rows) byCode.get(row.qrcode_id)?.push(row.rule_id);
  return byCode;
}

/**
 * Replaces a code's rules with `ruleIds`, in order, and touches the code's updated time; false
 * when the account has no such code. `trx` is the caller's transaction.
 */
export async function replaceRules(
  trx: Kysely<Database>,
  workspaceId: string,
  codeId: string,
  ruleIds: readonly string[],
  now: number,
): Promise<boolean> {
  const touched = await updateCode(trx, workspaceId, codeId, { updated_at: now });
  if (!touched) return false;
  await trx.deleteFrom('qrcode_rules').where('qrcode_id', '=', codeId).execute();
  if (ruleIds.length > 0) {
    await trx
      .insertInto('qrcode_rules')
      .values(ruleIds.map((rule_id, position) => ({ qrcode_id: codeId, position, rule_id })))
      .execute();
  }
  return true;
}

/** A code that lost a rule: where it is served, and its rules before and after. */
export interface CodeWithoutRule extends Pick<QrCodeRow, 'id' | 'host_key' | 'slug' | 'account_id'> {
  before: string[];
  after: string[];
}

/**
 * Takes a rule out of every code that uses it, closing the gap in each code's order. Answers the
 * codes that changed. `trx` is the caller's transaction.
 */
export async function removeRuleEverywhere(
  trx: Kysely<Database>,
  ruleId: string,
  now: number,
): Promise<CodeWithoutRule[]> {
  const affected = await trx
    .selectFrom('qrcode_rules')
    .innerJoin('qrcodes', 'qrcodes.id', 'qrcode_rules.qrcode_id')
    .select(['qrcodes.id', 'qrcodes.host_key', 'qrcodes.slug', 'qrcodes.account_id'])
    .where('qrcode_rules.rule_id', '=', ruleId)
    .distinct()
    .execute();
  if (affected.length === 0) return [];
  const remaining = await findRuleIds(
    trx,
    affected.map((code) => code.id),
  );
  const changed: CodeWithoutRule[] = [];
  for (const code of affected) {
    const before = remaining.get(code.id) ?? [];
    const after = before.filter((id) => id !== ruleId);
    await replaceRules(trx, code.account_id, code.id, after, now);
    changed.push({ ...code, before, after });
  }
  return changed;
}

/** Rows a statement may carry: under SQLite's and PostgreSQL's bound-parameter limits with ~20 columns. */
const ROWS_PER_STATEMENT = 500;

function chunksOf<T>(items: readonly T[], size = ROWS_PER_STATEMENT): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}

/** The workspace's codes among `ids` (any order; missing and foreign ids are simply not there). */
export async function findCodes(
  db: Kysely<Database>,
  workspaceId: string,
  ids: readonly string[],
): Promise<QrCodeRow[]> {
  const rows: QrCodeRow[] = [];
  for (const chunk of chunksOf([...new Set(ids)])) {
    if (chunk.length === 0) continue;
    rows.push(
      ...(await db
        .selectFrom('qrcodes')
        .selectAll()
        .where('account_id', '=', workspaceId)
        .where('id', 'in', chunk)
        .execute()),
    );
  }
  return rows;
}

/** Which of these slugs are taken on `hostKey` (by any account: a host's slugs are one namespace). */
export async function takenSlugs(
  db: Kysely<Database>,
  hostKey: string,
  slugs: readonly string[],
): Promise<Set<string>> {
  const taken = new Set<string>();
  for (const chunk of chunksOf([...new Set(slugs)])) {
    if (chunk.length === 0) continue;
    const rows = await db
      .selectFrom('qrcodes')
      .select('slug')
      .where('host_key', '=', hostKey)
      .where('slug', 'in', chunk)
      .execute();
    for (const row of rows) taken.add(row.slug);
  }
  return taken;
}

/** Inserts many codes and their rules with multi-row statements; `db` is the caller's transaction. */
export async function insertCodes(
  db: Kysely<Database>,
  codes: ReadonlyArray<{ row: NewQrCodeRow; ruleIds: readonly string[] }>,
): Promise<void> {
  for (const chunk of chunksOf(codes))
    await db
      .insertInto('qrcodes')
      .values(chunk.map((c) => c.row))
      .execute();
  const rules = codes.flatMap(({ row, ruleIds }) =>
    ruleIds.map((rule_id, position) => ({ qrcode_id: row.id, position, rule_id })),
  );
  for (const chunk of chunksOf(rules)) await db.insertInto('qrcode_rules').values(chunk).execute();
}

/** Deletes these codes of the workspace with their rule assignments; `db` is the caller's transaction. */
export async function deleteCodes(
  db: Kysely<Database>,
  workspaceId: string,
  ids: readonly string[],
): Promise<void> {
  for (const chunk of chunksOf(ids)) {
    const own = db
      .selectFrom('qrcodes')
      .select('id')
      .where('account_id', '=', workspaceId)
      .where('id', 'in', chunk);
    await db.deleteFrom('qrcode_rules').where('qrcode_id', 'in', own).execute();
    await db.deleteFrom('qrcodes').where('account_id', '=', workspaceId).where('id', 'in', chunk).execute();
  }
}
