import { type Kysely, PostgresAdapter, sql } from 'kysely';

/**
 * GS1 Digital Link scans' dimensions (issue 46): the link type followed, the primary key's AI and
 * the level that answered, on every scan (`scans`, and PostgreSQL's fold queue, which copies every
 * scan column) and in the quarter-hour facts' key (`scan_rollups`), where filtered breakdowns come
 * from. A code's scan has none: null in `scans`, '' in the facts, so its facts keep their rows.
 * The daily and per-dimension rollups are keyed by dimension name already: nothing to change.
 *
 * The facts' primary key gains the three columns. PostgreSQL swaps the constraint; SQLite cannot
 * alter a key, so the table (WITHOUT ROWID, in the rollups' file) is rebuilt with its rows.
 */

const SCAN_COLUMNS = ['gs1_link_type', 'gs1_key', 'gs1_level'] as const;

const FACT_KEY_BEFORE = [
  'account_id',
  'bucket',
  'qrcode_id',
  'hostname',
  'rule_id',
  'country',
  'region',
  'device',
  'os',
  'browser',
  'language',
  'referrer_host',
];
const FACT_KEY_AFTER = [...FACT_KEY_BEFORE, ...SCAN_COLUMNS];
const COUNTS = ['scans', 'bots', 'visitors', 'code_visitors'];

const isPostgres = (db: Kysely<any>) => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of SCAN_COLUMNS) {
    await db.schema.alterTable('scans').addColumn(column, 'text').execute();
    if (isPostgres(db)) await db.schema.alterTable('scan_fold_queue').addColumn(column, 'text').execute();
  }
  if (isPostgres(db)) {
    for (const column of SCAN_COLUMNS) {
      await sql`alter table scan_rollups add column ${sql.ref(column)} text not null default ''`.execute(db);
    }
    await setPostgresFactKey(db, FACT_KEY_AFTER);
    return;
  }
  await rebuildSqliteFacts(db, FACT_KEY_AFTER);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    // Facts that differed only by their GS1 values become one again.
    await sql`create temporary table scan_rollups_merged as
      select ${sql.join(FACT_KEY_BEFORE.map((c) => sql.ref(c)))},
        ${sql.join(COUNTS.map((c) => sql`sum(${sql.ref(c)})::bigint as ${sql.ref(c)}`))}
      from scan_rollups group by ${sql.join(FACT_KEY_BEFORE.map((c) => sql.ref(c)))}`.execute(db);
    await sql`delete from scan_rollups`.execute(db);
    await setPostgresFactKey(db, FACT_KEY_BEFORE);
    for (const column of SCAN_COLUMNS) {
      await sql`alter table scan_rollups drop column ${sql.ref(column)}`.execute(db);
    }
    const columns = sql.join([...FACT_KEY_BEFORE, ...COUNTS].map((c) => sql.ref(c)));
    await sql`insert into scan_rollups (${columns}) select ${columns} from scan_rollups_merged`.execute(db);
    await sql`drop table scan_rollups_merged`.execute(db);
  } else {
    await rebuildSqliteFacts(db, FACT_KEY_BEFORE);
  }
  for (const column of [...SCAN_COLUMNS].reverse()) {
    if (isPostgres(db)) await db.schema.alterTable('scan_fold_queue').dropColumn(column).execute();
    await db.schema.alterTable('scans').dropColumn(column).execute();
  }
}

async function setPostgresFactKey(db: Kysely<any>, key: string[]): Promise<void> {
  await sql`alter table scan_rollups drop constraint scan_rollups_pk`.execute(db);
  await sql`alter table scan_rollups add constraint scan_rollups_pk
    primary key (${sql.join(key.map((c) => sql.ref(c)))})`.execute(db);
}

/**
 * SQLite: the facts made again with `key` as their key (and its columns), in the file they are
 * in (the rollups' file, attached as `rollups`, or `main` before that move), summed under it.
 */
async function rebuildSqliteFacts(db: Kysely<any>, key: string[]): Promise<void> {
  const schema = await sqliteSchemaOf(db, 'scan_rollups');
  const table = `"${schema}"."scan_rollups"`;
  const rebuilt = `"${schema}"."scan_rollups__rebuilt"`;
  const columns = [
    ...key.map((c) => `"${c}" ${c === 'bucket' ? 'bigint' : 'text'} not null`),
    ...COUNTS.map((c) => `"${c}" bigint not null`),
  ];
  const keyList = key.map((c) => `"${c}"`).join(', ');
  await sql
    .raw(
      `create table ${rebuilt} (${columns.join(', ')}, constraint "scan_rollups_pk" primary key (${keyList})) without rowid`,
    )
    .execute(db);
  const { rows } = await sql<{
    name: string;
  }>`select name from pragma_table_info('scan_rollups', ${schema})`.execute(db);
  const had = new Set(rows.map((row) => row.name));
  const selected = key.map((c) => (had.has(c) ? `"${c}"` : `'' as "${c}"`)).join(', ');
  const sums = COUNTS.map((c) => `sum("${c}")`).join(', ');
  await sql
    .raw(
      `insert into ${rebuilt} (${keyList}, ${COUNTS.map((c) => `"${c}"`).join(', ')})
       select ${selected}, ${sums} from ${table} group by ${key.map((_, i) => i + 1).join(', ')}`,
    )
    .execute(db);
  await sql.raw(`drop table ${table}`).execute(db);
  await sql.raw(`alter table ${rebuilt} rename to "scan_rollups"`).execute(db);
}

async function sqliteSchemaOf(db: Kysely<any>, table: string): Promise<string> {
  const { rows } = await sql<{ name: string }>`select name from pragma_database_list`.execute(db);
  for (const { name } of rows) {
    const found = await sql<{ n: number }>`select count(*) as n from ${sql.raw(`"${name}"`)}.sqlite_master
      where type = 'table' and name = ${table}`.execute(db);
    if (Number(found.rows[0]?.n ?? 0) > 0) return name;
  }
  throw new Error(`table ${table} is missing`);
}
