import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { URL_MAX_LENGTH } from '../../shared/http-url.js';
import { PageOnlyQuery } from '../../shared/page-schema.js';
import { describedPattern } from '../../shared/pattern-words.js';

/**
 * The rule resource as API.md defines it. Every object refuses unknown fields, so a typo is a
 * 400 with the field's path. A condition node is one object with exactly one key (a combinator
 * or a leaf); one object rather than a union keeps Ajv's errors to the one field that is wrong.
 * What a schema cannot say (CIDRs, time zones, weights summing to 100, ...) rules.validate.ts checks.
 */

export const DEVICE_TYPES = ['mobile', 'tablet', 'desktop'] as const;
export const OS_NAMES = ['ios', 'android', 'windows', 'macos', 'linux', 'chromeos'] as const;
export const BROWSER_NAMES = ['chrome', 'safari', 'firefox', 'edge', 'opera', 'samsung'] as const;
export const REDIRECT_STATUSES = [301, 302, 307, 308] as const;

export type DeviceType = (typeof DEVICE_TYPES)[number];
export type OsName = (typeof OS_NAMES)[number];
export type BrowserName = (typeof BROWSER_NAMES)[number];
export type RedirectStatus = (typeof REDIRECT_STATUSES)[number];

/** Limits that keep a rule cheap to evaluate on every scan. */
export const RULE_LIMITS = {
  nameLength: 200,
  urlLength: URL_MAX_LENGTH,
  listItems: 500,
  combinatorItems: 50,
  maxDepth: 8,
  maxLeaves: 64,
  splitItems: 20,
} as const;

function stringEnum<T extends string>(values: readonly T[], options: { description?: string } = {}) {
  return Type.Unsafe<T>({ type: 'string', enum: [...values], ...options });
}

function list<T extends TSchema>(item: T, description: string) {
  return Type.Optional(Type.Array(item, { minItems: 1, maxItems: RULE_LIMITS.listItems, description }));
}

const ShortText = (description: string, maxLength = 253) =>
  Type.String({ minLength: 1, maxLength, description });

const TimeOfDay = (description: string) =>
  Type.String({
    pattern: describedPattern('^\\d{2}:\\d{2}$', 'must be a time of day as HH:MM (24-hour, 00:00 to 24:00)'),
    description: `${description} (HH:MM, 24-hour)`,
  });

const TimeZoneName = Type.String({
  minLength: 1,
  maxLength: 64,
  description: 'An IANA time zone, e.g. "Europe/Berlin".',
});

export const TimeCondition = Type.Object(
  {
    from: Type.Optional(TimeOfDay('Start of the window, inclusive; default "00:00"')),
    to: Type.Optional(
      TimeOfDay(
        'End of the window, exclusive; "24:00" (the default) is the end of the day; before `from` spans midnight',
      ),
    ),
    days: Type.Optional(
      Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), {
        minItems: 1,
        maxItems: 7,
        uniqueItems: true,
        description: 'ISO weekdays (1 = Monday) on which the window starts; all days when absent.',
      }),
    ),
    timeZone: TimeZoneName,
  },
  {
    additionalProperties: false,
    description:
      'A daily window in a zone. Without `from` and `to` (or with "00:00" to "24:00") it is the whole day, so `days` alone says "on weekdays".',
  },
);

const DateBound = (description: string) =>
  Type.String({
    minLength: 10,
    maxLength: 35,
    description: `${description}: a date (YYYY-MM-DD) or an RFC 3339 date-time with an offset`,
  });

export const DateCondition = Type.Object(
  {
    from: Type.Optional(DateBound('First instant, inclusive')),
    to: Type.Optional(DateBound('Last date inclusive, or an exclusive date-time')),
    timeZone: Type.Optional({
      ...TimeZoneName,
      description: 'The zone plain dates are read in (default UTC).',
    }),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const ScansCondition = Type.Object(
  {
    lt: Type.Optional(
      Type.Integer({ minimum: 0, description: 'Fewer than n counted scans before this one.' }),
    ),
    gte: Type.Optional(
      Type.Integer({ minimum: 0, description: 'At least n counted scans before this one.' }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const QueryCondition = Type.Object(
  {
    name: ShortText('The query parameter'),
    equals: Type.Optional(
      Type.String({ maxLength: 2048, description: 'Any value of it equals this; present when absent.' }),
    ),
  },
  { additionalProperties: false },
);

export const RuleCondition = Type.Recursive(
  (Self) =>
    Type.Object(
      {
        all: Type.Optional(
          Type.Array(Self, {
            minItems: 1,
            maxItems: RULE_LIMITS.combinatorItems,
            description: 'Every one matches.',
          }),
        ),
        any: Type.Optional(
          Type.Array(Self, {
            minItems: 1,
            maxItems: RULE_LIMITS.combinatorItems,
            description: 'At least one matches.',
          }),
        ),
        not: Type.Optional(Self),
        device: list(stringEnum(DEVICE_TYPES), 'Device types.'),
        os: list(stringEnum(OS_NAMES), 'Operating systems.'),
        browser: list(stringEnum(BROWSER_NAMES), 'Browsers.'),
        language: list(
          ShortText('A language tag', 35),
          'Language tags matched against the most preferred Accept-Language tag ("de" matches "de-DE").',
        ),
        country: list(Type.String({ minLength: 2, maxLength: 2 }), 'ISO 3166-1 alpha-2 codes, upper case.'),
        hostname: list(ShortText('A hostname'), 'Hostnames the code was scanned on.'),
        time: Type.Optional(TimeCondition),
        date: Type.Optional(DateCondition),
        scans: Type.Optional(ScansCondition),
        query: Type.Optional(QueryCondition),
        referrer: list(ShortText('A host'), 'Referrer hosts; each matches itself and its subdomains.'),
        ip: list(ShortText('An address or CIDR', 49), 'IPv4 or IPv6 addresses or CIDRs.'),
        bot: Type.Optional(Type.Boolean({ description: 'true matches bots, false humans.' })),
      },
      {
        additionalProperties: false,
        minProperties: 1,
        maxProperties: 1,
        description: 'A condition: one combinator (all, any, not) or one leaf.',
      },
    ),
  { $id: 'RuleCondition', title: 'RuleCondition' },
);

const TargetUrl = Type.String({
  minLength: 1,
  maxLength: RULE_LIMITS.urlLength,
  description: 'An absolute http(s) URL; may use {slug}, {country}, {lang} and {query.NAME}.',
});

export const SplitTarget = Type.Object(
  {
    url: TargetUrl,
    weight: Type.Integer({ minimum: 0, maximum: 100, description: 'Share in percent; weights sum to 100.' }),
  },
  { additionalProperties: false },
);

export const RuleAction = Type.Object(
  {
    redirect: Type.Optional(TargetUrl),
    split: Type.Optional(
      Type.Array(SplitTarget, {
        minItems: 1,
        maxItems: RULE_LIMITS.splitItems,
        description: 'Weighted targets (an A/B test).',
      }),
    ),
    sticky: Type.Optional(
      Type.Boolean({ description: 'With split: a scanner keeps getting the same target (by a cookie).' }),
    ),
    status: Type.Optional(
      Type.Unsafe<RedirectStatus>({
        type: 'integer',
        enum: [...REDIRECT_STATUSES],
        description: 'The redirect status (default 302).',
      }),
    ),
    passQuery: Type.Optional(
      Type.Boolean({
        description:
          "Pass the scan's query parameters on to the target; the target's own win (default false).",
      }),
    ),
  },
  {
    additionalProperties: false,
    minProperties: 1,
    description:
      'Either `redirect` or `split`, with `status` and `passQuery` for both and `sticky` for split.',
  },
);

const RuleName = Type.String({ minLength: 1, maxLength: RULE_LIMITS.nameLength });

export const RuleCreateBody = Type.Object(
  {
    name: RuleName,
    enabled: Type.Optional(Type.Boolean({ description: 'Default true.' })),
    when: Type.Optional(RuleCondition),
    then: RuleAction,
  },
  {
    additionalProperties: false,
    examples: [
      {
        name: 'iPhones to the App Store',
        when: { all: [{ os: ['ios'] }, { not: { country: ['CN'] } }] },
        then: { redirect: 'https://apps.apple.com/app/id1?c={country}', status: 302, passQuery: true },
      },
    ],
  },
);

/**
 * A JSON merge patch (RFC 7396). Nested objects merge, `null` removes, so `when` and `then` take
 * any object here; the merged rule is then checked against the full schema.
 */
export const RulePatchBody = Type.Object(
  {
    name: Type.Optional(RuleName),
    enabled: Type.Optional(Type.Boolean()),
    when: Type.Optional(
      Type.Unsafe<Record<string, unknown> | null>({
        type: ['object', 'null'],
        // Any keys: a patch names the condition's keys to change and sets those it removes to null.
        additionalProperties: true,
        description:
          'Merged into the condition; null removes it (the rule then always matches). To swap a condition for one of another kind, remove the old key in the same patch: `{ "all": null, "time": {...} }`.',
      }),
    ),
    then: Type.Optional(
      Type.Object({}, { additionalProperties: true, description: 'Merged into the action.' }),
    ),
  },
  {
    additionalProperties: false,
    minProperties: 1,
    examples: [
      {
        name: 'Weekday office hours',
        when: {
          all: null,
          time: { from: '09:00', to: '17:00', days: [1, 2, 3, 4, 5], timeZone: 'Europe/Berlin' },
        },
      },
    ],
  },
);

export const Rule = Type.Object(
  {
    id: Type.String({ description: 'rule_...' }),
    name: Type.String(),
    enabled: Type.Boolean(),
    when: Type.Union([RuleCondition, Type.Null()]),
    then: RuleAction,
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);

export const RuleList = Type.Object({
  data: Type.Array(Rule),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});

export const RuleIdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

export const RuleListQuery = PageOnlyQuery;

export type RuleCondition = Static<typeof RuleCondition>;
export type TimeCondition = Static<typeof TimeCondition>;
export type DateCondition = Static<typeof DateCondition>;
export type ScansCondition = Static<typeof ScansCondition>;
export type QueryCondition = Static<typeof QueryCondition>;
export type SplitTarget = Static<typeof SplitTarget>;
export type RuleAction = Static<typeof RuleAction>;
export type RuleCreateBody = Static<typeof RuleCreateBody>;
export type RulePatchBody = Static<typeof RulePatchBody>;
export type Rule = Static<typeof Rule>;
export type RuleList = Static<typeof RuleList>;

/** What the matcher needs of a rule (the API resource satisfies it). */
export interface RuleDefinition {
  id: string;
  enabled: boolean;
  when?: RuleCondition | null;
  then: RuleAction;
}
