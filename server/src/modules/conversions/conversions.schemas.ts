import { type Static, Type } from '@sinclair/typebox';
import { PAGE_QUERY } from '../../shared/page-schema.js';
import { ItemProblemSchema } from '../../shared/problem-schema.js';

/**
 * Conversions and experiments (issue 47; API.md "Conversions and experiments"): what a scan led
 * to, reported with the `rq_id` the edge handed the target, and each split rule read as an
 * experiment.
 */

export const CONVERSION_TYPE_PATTERN = '^[a-z][a-z0-9_.-]{0,39}$';
export const DEFAULT_ATTRIBUTION_PARAMETER = 'rq_id';
export const DEFAULT_WINDOW_DAYS = 30;
export const BULK_MAX_ROWS = 10_000;

const ConversionType = Type.String({
  pattern: CONVERSION_TYPE_PATTERN,
  description:
    '`lead`, `sale`, or a name of your own (lower case letters, digits, `_`, `.`, `-`; at most 40): a `sale` needs `amount` and `currency`',
  examples: ['sale'],
});

export const ConversionCreateBody = Type.Object(
  {
    scanId: Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'The `rq_id` value the target received with the scan',
    }),
    type: ConversionType,
    amount: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 1e13,
        description: 'In the currency’s minor units (cents: 1999 is EUR 19.99; JPY has none)',
      }),
    ),
    currency: Type.Optional(
      Type.String({ pattern: '^[A-Za-z]{3}$', description: 'ISO 4217 code (EUR, USD, JPY, ...)' }),
    ),
    externalId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description:
          'Your id of the conversion (an order number): the same externalId again answers the stored conversion (200) instead of counting it twice; with other fields it is a 409',
      }),
    ),
    occurredAt: Type.Optional(
      Type.String({ format: 'date-time', description: 'When it happened (ISO 8601); default: now' }),
    ),
    customer: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description:
          'Your reference of the customer: stored only as a keyed hash (HMAC-SHA256), never as sent',
      }),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      {
        scanId: 'Zr4kq9mW2xT7bHcN',
        type: 'sale',
        amount: 1999,
        currency: 'EUR',
        externalId: 'order-1',
        customer: 'customer-42',
      },
    ],
  },
);
export type ConversionCreateBody = Static<typeof ConversionCreateBody>;

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const Conversion = Type.Object(
  {
    id: Type.String({ description: 'cnv_...' }),
    scanId: Type.String(),
    type: Type.String(),
    amount: Type.Union([Type.Integer(), Type.Null()]),
    currency: Nullable(Type.String()),
    externalId: Nullable(Type.String()),
    customerHash: Type.Union([Type.String(), Type.Null()], {
      description: 'The keyed hash of `customer` (the same customer gives the same hash in a workspace)',
    }),
    occurredAt: Type.String({ format: 'date-time' }),
    createdAt: Type.String({ format: 'date-time' }),
    credit: Type.Object(
      {
        qrcode: Type.String(),
        rule: Nullable(Type.String()),
        variant: Type.Union([Type.Integer(), Type.Null()], {
          description: 'The split target (index in the rule’s `split`) the scan was sent to',
        }),
        hostname: Type.String(),
        country: Nullable(Type.String()),
        device: Nullable(Type.String()),
        scannedAt: Type.String({ format: 'date-time' }),
      },
      { description: 'The scan this conversion is credited to, and what it is counted under' },
    ),
  },
  { additionalProperties: false },
);
export type Conversion = Static<typeof Conversion>;

export const ConversionList = Type.Object({
  data: Type.Array(Conversion),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});

export const ConversionListQuery = Type.Object(
  {
    qrcode: Type.Optional(Type.String({ description: 'Only those credited to this code' })),
    type: Type.Optional(Type.String()),
    ...PAGE_QUERY,
  },
  { additionalProperties: false },
);

export const ConversionIdParams = Type.Object({ id: Type.String({ description: 'cnv_...' }) });

export const BulkQuery = Type.Object(
  {
    dryRun: Type.Optional(Type.Boolean({ default: false, description: 'Check every row and store nothing' })),
  },
  { additionalProperties: false },
);

export const BulkJsonBody = Type.Object(
  { items: Type.Array(Type.Unknown(), { minItems: 1, maxItems: BULK_MAX_ROWS }) },
  {
    additionalProperties: false,
    description: `A JSON body of at most ${BULK_MAX_ROWS} conversions (each as POST /conversions takes it), or \`text/csv\` with a header row naming the same fields (scanId,type,amount,currency,externalId,occurredAt,customer)`,
    examples: [
      {
        items: [
          { scanId: 'Zr4kq9mW2xT7bHcN', type: 'sale', amount: 1999, currency: 'EUR', externalId: 'order-1' },
          { scanId: 'Hq2p8sL0vYx3nR5d', type: 'lead', externalId: 'lead-7' },
        ],
      },
    ],
  },
);

export const BulkResult = Type.Object({
  dryRun: Type.Boolean(),
  rows: Type.Integer({ description: 'Rows read' }),
  created: Type.Integer({ description: 'Conversions stored (or, in a dry run, that would be)' }),
  existing: Type.Integer({ description: 'Rows whose externalId was already stored with the same fields' }),
  errors: Type.Array(
    Type.Object({
      row: Type.Integer({
        description: 'The row’s index: 0 for the first item or the first CSV line after the header',
      }),
      problem: ItemProblemSchema,
    }),
    { description: 'Each refused row with its problem; field paths are under `/items/<row>/...`' },
  ),
});
export type BulkResult = Static<typeof BulkResult>;

export const Attribution = Type.Object(
  {
    enabled: Type.Boolean({ description: 'Hand the target the scan id' }),
    parameter: Type.String({
      pattern: '^[A-Za-z0-9_.~-]{1,40}$',
      description: 'The query parameter that carries it (default `rq_id`)',
    }),
  },
  { additionalProperties: false },
);
export type Attribution = Static<typeof Attribution>;

export const ConversionSettings = Type.Object(
  {
    attribution: Attribution,
    windowDays: Type.Integer({
      minimum: 1,
      maximum: 365,
      description: 'How long after a scan a conversion may be credited to it (default 30)',
    }),
  },
  { additionalProperties: false },
);
export type ConversionSettings = Static<typeof ConversionSettings>;

export const ConversionSettingsPatch = Type.Object(
  {
    attribution: Type.Optional(Type.Partial(Attribution, { additionalProperties: false })),
    windowDays: Type.Optional(ConversionSettings.properties.windowDays),
  },
  {
    additionalProperties: false,
    description: 'A JSON merge patch of the workspace’s conversion settings',
    examples: [{ attribution: { enabled: true, parameter: 'rq_id' }, windowDays: 30 }],
  },
);
export type ConversionSettingsPatch = Static<typeof ConversionSettingsPatch>;

// ---------------------------------------------------------------------------------------------
// Experiments

const Revenue = Type.Record(Type.String(), Type.Integer(), {
  description: 'Revenue in minor units per ISO 4217 currency, e.g. `{ "EUR": 1999 }`',
});

export const ExperimentVariant = Type.Object({
  index: Type.Integer({ description: 'Its place in the rule’s `split`; 0 is the control' }),
  label: Type.String({ description: 'A, B, C, ...' }),
  url: Type.String(),
  weight: Type.Integer(),
  scans: Type.Integer(),
  scanners: Type.Integer({ description: 'Distinct scanners (a scanner a day, as analytics counts uniques)' }),
  conversions: Type.Integer(),
  rate: Type.Union([Type.Number(), Type.Null()], {
    description: 'Conversions per scan, or per scanner for a sticky split; null before any',
  }),
  revenue: Revenue,
  difference: Type.Union(
    [
      Type.Object({
        estimate: Type.Number({ description: 'This rate minus the control’s' }),
        low: Type.Number({ description: 'Lower end of the 95% interval' }),
        high: Type.Number({ description: 'Upper end of the 95% interval' }),
        pValue: Type.Number(),
      }),
      Type.Null(),
    ],
    { description: 'Against the control (null for the control itself, or without scans)' },
  ),
});

export const Experiment = Type.Object(
  {
    rule: Type.String({ description: 'rule_...: every split rule is an experiment' }),
    name: Type.String(),
    sticky: Type.Boolean(),
    counting: Type.Union([Type.Literal('scans'), Type.Literal('scanners')], {
      description:
        'What a rate divides by: scanners for a sticky split (each sees one variant), scans otherwise',
    }),
    variants: Type.Array(ExperimentVariant),
    verdict: Type.Object({
      kind: Type.Union([
        Type.Literal('better'),
        Type.Literal('worse'),
        Type.Literal('no_difference'),
        Type.Literal('not_enough_data'),
      ]),
      variant: Type.Union([Type.Integer(), Type.Null()], { description: 'The variant it names' }),
      moreNeeded: Type.Union([Type.Integer(), Type.Null()], {
        description: 'About how many more scans (scanners) until a difference of the size seen is sure',
      }),
      text: Type.String({ examples: ['B converts better, 95% sure'] }),
    }),
    winnerKept: Type.Union([Type.Integer(), Type.Null()], {
      description: 'The variant every scanner is sent to (weight 100), after "Keep the winner"',
    }),
  },
  { additionalProperties: false },
);
export type Experiment = Static<typeof Experiment>;

export const ExperimentList = Type.Object({ data: Type.Array(Experiment) });

export const ExperimentParams = Type.Object({ id: Type.String({ description: 'rule_... of a split rule' }) });

export const KeepWinnerBody = Type.Object(
  {
    variant: Type.Integer({ minimum: 0, description: 'The variant (its index) to send everyone to' }),
  },
  { additionalProperties: false, examples: [{ variant: 1 }] },
);
