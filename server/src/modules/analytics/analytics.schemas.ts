import { type TSchema, Type } from '@sinclair/typebox';
import { BROWSER_NAMES, DEVICE_TYPES, OS_NAMES } from '../rules/rules.schemas.js';
import { DIMENSIONS } from '../scans/scan-rollups.js';
import { MAX_POINTS, PRESETS } from './analytics.range.js';

function stringEnum<const T extends readonly string[]>(values: T, options: { description?: string } = {}) {
  return Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...options });
}

const list = (description: string) =>
  Type.Optional(
    // No control characters: they match nothing we store, and PostgreSQL refuses a NUL outright.
    Type.Array(Type.String({ minLength: 1, maxLength: 300, pattern: '^[^\\u0000-\\u001f\\u007f]+$' }), {
      maxItems: 50,
      description: `${description}; several values by repeating the parameter or separating with commas (any of them matches)`,
    }),
  );

/** The parameters every analytics endpoint takes: the range, the zone and the filters. */
const shared = {
  from: Type.Optional(
    Type.String({
      maxLength: 40,
      description:
        'Start (inclusive): an ISO 8601 date or date-time. Without an offset it is a wall-clock time in `timeZone` (a date is its midnight). Read at quarter-hour precision.',
    }),
  ),
  to: Type.Optional(Type.String({ maxLength: 40, description: 'End (exclusive), like `from`; default now' })),
  range: Type.Optional(
    stringEnum(PRESETS, {
      description:
        'A preset instead of from/to, ending now: 24h, 7d (today and the 6 days before), 30d, 90d, mtd, ytd, all. Default 30d.',
    }),
  ),
  timeZone: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'IANA time zone for days, weeks and months (default UTC); an unknown zone is a 400',
    }),
  ),
  qrcode: list('Code ids (a code of another account is a 404)'),
  tag: list('Codes carrying the tag'),
  hostname: list('Hostnames scanned'),
  rule: list('Rule ids that decided the target'),
  country: list('ISO 3166-1 alpha-2 countries (any case); an unknown code is a 400'),
  device: list(`Device types: ${DEVICE_TYPES.join(', ')} (another value is a 400)`),
  os: list(`Operating systems: ${OS_NAMES.join(', ')} (another value is a 400)`),
  browser: list(`Browsers: ${BROWSER_NAMES.join(', ')} (another value is a 400)`),
  bots: Type.Optional(Type.Boolean({ description: 'Count bot scans in `total` too (default false)' })),
};

export const SummaryQuery = Type.Object(shared, { additionalProperties: false });

export const TimeseriesQuery = Type.Object(
  {
    ...shared,
    interval: Type.Optional(
      stringEnum(['hour', 'day', 'week', 'month'] as const, {
        description: `hour, day (default), week (ISO, from Monday) or month, in timeZone; at most ${MAX_POINTS} points`,
      }),
    ),
  },
  { additionalProperties: false },
);

export const BreakdownQuery = Type.Object(
  {
    ...shared,
    by: stringEnum(DIMENSIONS, { description: 'The dimension to break down by' }),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 1000, default: 10, description: 'Most rows, by total' }),
    ),
  },
  { additionalProperties: false },
);

/** The breakdowns the dashboard answers when `by` is not given (the site's dashboard shows these). */
export const DASHBOARD_DIMENSIONS = [
  'country',
  'qrcode',
  'device',
  'os',
  'browser',
  'language',
  'referrer',
  'rule',
] as const satisfies readonly (typeof DIMENSIONS)[number][];

export const DashboardQuery = Type.Object(
  {
    ...shared,
    interval: TimeseriesQuery.properties.interval,
    by: Type.Optional(
      Type.Array(stringEnum(DIMENSIONS), {
        maxItems: DIMENSIONS.length,
        uniqueItems: true,
        description: `The breakdowns to answer, by repeating the parameter (default ${DASHBOARD_DIMENSIONS.join(', ')})`,
      }),
    ),
    limit: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 100, default: 10, description: 'Most rows of each breakdown' }),
    ),
  },
  { additionalProperties: false },
);

const counts = {
  total: Type.Integer({ description: 'Human scans (and bot scans with bots=true)' }),
  unique: Type.Integer({ description: 'Human visitors, each counted at their first scan of the UTC day' }),
  bots: Type.Integer({ description: 'Bot scans' }),
  conversions: Type.Integer({
    description:
      'Conversions credited to these scans (reported with their `rq_id`, counted at the scan’s time)',
  }),
  conversionRate: Type.Union([Type.Number(), Type.Null()], {
    description: 'Conversions per human scan; null without scans',
  }),
  revenue: Type.Record(Type.String(), Type.Integer(), {
    description: 'Revenue of those conversions in minor units per ISO 4217 currency, e.g. `{ "EUR": 1999 }`',
  }),
};
const frame = {
  from: Type.String({ description: 'The range read, in timeZone' }),
  to: Type.String(),
  timeZone: Type.String(),
};

const object = (properties: Record<string, TSchema>) =>
  Type.Object(properties, { additionalProperties: false });

export const Summary = object({
  ...frame,
  ...counts,
  previous: object({ from: Type.String(), to: Type.String(), ...counts }),
});

export const Timeseries = object({
  interval: Type.String(),
  ...frame,
  points: Type.Array(
    object({ t: Type.String({ description: 'Start of the interval, in timeZone' }), ...counts }),
  ),
});

export const Breakdown = object({
  by: Type.String(),
  ...frame,
  rows: Type.Array(
    object({
      key: Type.Union([Type.String(), Type.Null()], { description: 'null: unknown or none' }),
      ...counts,
    }),
  ),
});

export const StreamQuery = Type.Object(
  {
    qrcode: shared.qrcode,
    tag: shared.tag,
    bots: Type.Optional(Type.Boolean({ description: 'Send bot scans too (default false)' })),
    heartbeat: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 60, default: 15, description: 'Seconds between heartbeat events' }),
    ),
  },
  { additionalProperties: false },
);

/** A part of the dashboard that could not be computed for this query, said in the problem's words. */
const PartProblem = object({
  status: Type.Integer(),
  code: Type.String(),
  detail: Type.String(),
  errors: Type.Optional(Type.Array(object({ path: Type.String(), message: Type.String() }))),
});

export const Dashboard = object({
  ...frame,
  summary: Summary,
  timeseries: Type.Union([Timeseries, Type.Null()], {
    description: 'null when the interval is too fine for the range (`timeseriesProblem` says why)',
  }),
  timeseriesProblem: Type.Union([PartProblem, Type.Null()]),
  breakdowns: Type.Record(Type.String(), Breakdown, { description: 'One breakdown per `by`, keyed by it' }),
});
