import { Type } from '@sinclair/typebox';
import { itemProblemSchema, problemSchemaWith } from '../../shared/problem-schema.js';
import { stringEnum } from '../../shared/string-enum.js';
import { ListQuery } from '../qrcodes/qrcodes.schemas.js';
import { IMPORT_FORMATS, MAX_IMPORT_ROWS } from './import-formats.js';

export const ImportQuery = Type.Object(
  {
    format: Type.Optional(
      stringEnum([...IMPORT_FORMATS, 'gs1-resolver', 'gs1-csv', 'gs1-linkset'] as const, {
        description:
          "csv (ours, as export.csv), json (ours, as export.json), or a peer export: bitly (CSV), shlink (CSV or the API list JSON), kutt (the API list JSON), yourls (CSV or the API stats JSON). GS1 Digital Link items (on our hosts unless a row names a verified hostname): gs1-resolver, GS1's reference resolver's data-entry documents (JSON, one or a list; each document a row); gs1-csv, a spreadsheet of GTINs and links (text/csv, one link a row; columns by header, any case: `gtin` (required; 8, 12, 13 or 14 digits, made 14), `lot`, `serial` (the link is at that level; '{lotnumber}' covers every lot), `linkType` (required; 'gs1:pip' or a GS1 vocabulary URI), `href` (required), `title` (required), `language` (hreflang tags, separated by spaces or '|'), `context` (the same way), `type` (a media type), `default` (true, yes, x or 1: the row's link type is its level's default), `itemDescription`, `hostname`; rows of one GTIN are one item); gs1-linkset, linksets as any GS1-Conformant resolver answers them (RFC 9264 JSON, one document or a list; each anchor a row, its key the item and its qualifiers the level; gs1:defaultLink names the default by its href). Faults are at `/rows/{row}/{column}` (CSV) or the document's own member paths. Default: csv for a text/csv body, json for JSON.",
      }),
    ),
    dryRun: Type.Optional(
      Type.Boolean({ default: false, description: 'Check every row as a create would, and write nothing' }),
    ),
    atomic: Type.Optional(
      Type.Boolean({
        default: true,
        description:
          'All or nothing (the default): a row with a problem makes the import a 422 naming every failing row, and nothing is created. false: one result per row, the rows that pass are created.',
      }),
    ),
  },
  { additionalProperties: false },
);

const ImportJsonBody = Type.Unknown({
  description: 'Our export.json (or its list of codes), or a peer’s JSON export',
  examples: [
    {
      codes: [
        { mode: 'redirect', target: 'https://example.com/imported', title: 'Imported', tags: ['import'] },
      ],
    },
  ],
});

export const ImportBody = {
  content: {
    'text/csv': {
      schema: Type.String({
        description: `A CSV file with a header line; at most ${MAX_IMPORT_ROWS} rows`,
      }),
    },
    'application/json': { schema: ImportJsonBody },
  },
};

const RowProblem = itemProblemSchema(
  'problem+json; paths name the fields of the code the row makes (/target, /slug)',
);

const RowError = Type.Object({
  row: Type.Integer({ description: "1-based: the file's data rows, or the items of a JSON list" }),
  problem: RowProblem,
});

export const ImportReportSchema = Type.Object({
  rows: Type.Integer({ description: 'Data rows in the file (a CSV header is not a row)' }),
  created: Type.Integer({
    description:
      'Codes made; on a dry run, the rows that pass (an all-or-nothing import makes them only when no row fails)',
  }),
  skipped: Type.Integer({ description: 'Rows not made: rows minus created' }),
  dryRun: Type.Boolean(),
  errors: Type.Array(RowError),
  hostnamesReplaced: Type.Array(Type.Object({ hostname: Type.String(), rows: Type.Integer() }), {
    description:
      "Hostnames the file named that are not this workspace's verified hostnames: those rows' codes are on the primary short host",
  }),
  changes: Type.Array(
    Type.Object({
      row: Type.Integer({ description: 'As in `errors`' }),
      path: Type.String({ description: 'The field of the code the import changed, e.g. /hostname' }),
      message: Type.String({ description: 'What the import did instead of what the file says, and why' }),
    }),
    { description: 'Each row made (on a dry run: that would be made) otherwise than the file says' },
  ),
});

/**
 * The 422 of an import: a body that is not one (its fields), or, for an all-or-nothing import with
 * failing rows, `rows` and `failedRows` beside `errors`, so a client shows each row's problem.
 */
export const ImportRefusalSchema = problemSchemaWith(
  {
    rows: Type.Optional(Type.Integer({ description: "The file's data rows (a refusal for its rows)" })),
    failedRows: Type.Optional(
      Type.Array(RowError, {
        description: "Each failing row's problem, as the report's `errors` (a refusal for its rows)",
      }),
    ),
  },
  'an all-or-nothing import refused for its rows carries `rows` and `failedRows`',
);

const { limit: _limit, cursor: _cursor, ...filters } = ListQuery.properties;
export const ExportQuery = Type.Object(filters, { additionalProperties: false });

export const ExportCsvSchema = Type.String({
  description: 'CSV with a header line: the columns of the docs page "Import and export", one code a row',
});

export const ExportJsonSchema = Type.Object({
  format: Type.Literal('rq-codes'),
  version: Type.Literal(1),
  exportedAt: Type.String({ format: 'date-time' }),
  codes: Type.Array(
    Type.Object(
      {},
      {
        additionalProperties: true,
        description:
          'A code as the API shows it (no image), with `rules` as definitions ({ id, name, enabled, when, then }), the logo inline, `passwordHash` (opaque) and `scans` (its total)',
      },
    ),
  ),
});
