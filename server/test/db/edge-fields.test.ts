import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDGE_INDEX } from '../../src/db/migrations/2026_12_01_0100_qrcodes_edge_covering.js';
import {
  edgeCodeRows,
  findRedirectRow,
  postgresRedirectReader,
  redirectRowsAfter,
  sqliteRedirectReader,
} from '../../src/modules/qrcodes/edge-code.repository.js';
import { EdgeCodeFile } from '../../src/modules/qrcodes/edge-code-file.js';
import { EDGE_FIELDS, type EdgeField, type RedirectRow } from '../../src/modules/qrcodes/edge-fields.js';
import { insertCode } from '../../src/modules/qrcodes/qrcodes.repository.js';
import type { NewQrCodeRow } from '../../src/modules/qrcodes/qrcodes.table.js';
import { engines, openTestDatabase, type TestDatabase } from '../helpers/engines.js';
import { indexColumns } from '../helpers/indexes.js';

const fields = EDGE_FIELDS as readonly EdgeField[];

/**
 * A value of each edge field unlike every other field's (so a field read into another's place
 * shows), in any script, and numbers past 32 bits; `nulls` leaves every nullable field null.
 */
function sampleColumns(nulls: boolean): Record<string, unknown> {
  return Object.fromEntries(
    fields.map(({ column, codec }, i) => {
      if (nulls && codec.nullable) return [column, null];
      if (codec.isText) return [column, `${column}:ünï-${i}`];
      return [column, codec.sqlType === 'bigint' ? 1_900_000_000_000 + i : i + 2];
    }),
  );
}

/** The columns of the code row the edge does not read, as any code has them. */
const OTHER_COLUMNS = {
  data_json: null,
  style_json: '{}',
  title: 'not read by the edge',
  tags_json: '[]',
  created_at: 1,
  updated_at: 2,
};

/**
 * Every field of EDGE_FIELDS (edge-fields.ts), whatever it is, from the row written to the edge:
 * stored in its column, read by each of the edge's queries into its row, covered by the
 * `qrcodes_edge_covering` index, and written to the edge code file and read back. A field added to the
 * list is checked here with no change to this test; one whose migration is missing fails here.
 */
describe.each(engines)('a field the edge reads, through every layer on $name', (engine) => {
  let database: TestDatabase;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-edge-fields-test-'));
  const written = new Map<string, RedirectRow>();

  beforeAll(async () => {
    database = await openTestDatabase(engine);
    const { db } = database.handle;
    for (const [slug, nulls] of [
      ['every-field', false],
      ['null-fields', true],
    ] as const) {
      const columns = { ...sampleColumns(nulls), id: `qr_${slug}` };
      const ruleIds = nulls ? [] : ['rule_b', 'rule_a'];
      const row = { ...OTHER_COLUMNS, ...columns, slug, host_key: 'codes.example' } as NewQrCodeRow;
      await insertCode(db, row, ruleIds);
      written.set(slug, { ...columns, slug, host_key: 'codes.example', rule_ids: ruleIds } as RedirectRow);
    }
  });
  afterAll(() => database.close());

  it('reads each field as written, by every query of the edge', async () => {
    const { db, dialect, sqlite, pgPool } = database.handle;
    const read =
      dialect === 'sqlite' && sqlite
        ? sqliteRedirectReader(sqlite)
        : postgresRedirectReader(pgPool as NonNullable<typeof pgPool>);
    for (const [slug, row] of written) {
      expect(await findRedirectRow(db, dialect, 'codes.example', slug)).toEqual(row);
      expect(await read('codes.example', slug)).toEqual(row);
    }
    expect(await redirectRowsAfter(db, dialect, undefined, 10)).toEqual([...written.values()]);
  });

  it('reads each field from the covering index alone', async () => {
    const { db, dialect } = database.handle;
    const covered = await indexColumns(db, dialect, EDGE_INDEX.name);
    for (const { column } of fields) expect(covered).toContain(column);
  });

  it('writes each field to the edge code file and reads it back', async () => {
    const { db, dialect } = database.handle;
    const codeFile = new EdgeCodeFile(edgeCodeRows(db, dialect), { dir, log: pino({ level: 'silent' }) });
    try {
      await codeFile.build();
      for (const [slug, row] of written) expect(codeFile.get('codes.example', slug)).toEqual(row);
      // A code the edge read from the database after a change is stored again as read.
      const changed = written.get('every-field') as RedirectRow;
      codeFile.changed(changed.host_key, changed.slug);
      expect(codeFile.get(changed.host_key, changed.slug)).toBeUndefined();
      codeFile.remember(
        await findRedirectRow(db, dialect, changed.host_key, changed.slug),
        codeFile.readMark,
      );
      expect(codeFile.get(changed.host_key, changed.slug)).toEqual(changed);
    } finally {
      codeFile.close();
    }
  });
});
