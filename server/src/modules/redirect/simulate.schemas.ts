import { type Static, Type } from '@sinclair/typebox';
import { describedPattern, HEADER_VALUE, QUERY_STRING } from '../../shared/pattern-words.js';

/** POST /qrcodes/{id}/simulate: a scan described by its parts, all optional. */
export const SimulateBody = Type.Object(
  {
    userAgent: Type.Optional(
      Type.String({
        maxLength: 1024,
        pattern: HEADER_VALUE,
        description: "The scanner's User-Agent header (none: an unknown device)",
      }),
    ),
    country: Type.Optional(
      Type.String({
        pattern: describedPattern(
          '^[A-Za-z]{2}$',
          'must be an ISO 3166-1 alpha-2 country code, two letters ("DE")',
        ),
        description: 'ISO 3166-1 alpha-2 country; wins over the one `ip` would give',
      }),
    ),
    language: Type.Optional(
      Type.String({
        maxLength: 256,
        description:
          'An Accept-Language header ("de-CH, de;q=0.9") or one tag ("de-CH"); each range a BCP 47 language tag or *',
      }),
    ),
    at: Type.Optional(
      Type.String({ format: 'date-time', description: 'When the scan happens (RFC 3339); now by default' }),
    ),
    referrer: Type.Optional(
      Type.String({
        maxLength: 2048,
        pattern: HEADER_VALUE,
        description: 'The Referer: an absolute URL with a host, or a bare host name or address',
      }),
    ),
    query: Type.Optional(
      Type.String({
        maxLength: 2048,
        pattern: QUERY_STRING,
        description:
          "The scan URL's query string (`src=flyer&x=1`, a leading ? is fine), percent-encoded as in a URL",
      }),
    ),
    ip: Type.Optional(
      Type.String({
        maxLength: 64,
        description: "The scanner's address, IPv4 or IPv6 (no prefix), for ip rules and the country",
      }),
    ),
    scansBefore: Type.Optional(
      Type.Integer({
        minimum: 0,
        description:
          "Counted scans before this one (maxScans, scans rules); the code's current count by default",
      }),
    ),
    password: Type.Optional(
      Type.String({
        maxLength: 256,
        description:
          'The password the scanner enters; the right one passes the gate. Never stored or logged.',
      }),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      {
        userAgent:
          'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
        country: 'DE',
        language: 'de-DE',
        at: '2026-12-01T10:30:00+01:00',
      },
    ],
  },
);
export type SimulateInput = Static<typeof SimulateBody>;

export const DECIDED_BY = [
  'inactive',
  'expired',
  'used_up',
  'password',
  'apps',
  'rule',
  'default',
  'exec',
  'disabled',
] as const;

export const SimulationSchema = Type.Object(
  {
    target: Type.Union([Type.String(), Type.Null()], {
      description:
        'Where the scanner goes; for `exec`, the URL that would be called (it is not); null when the scan gets a page (the password form, 410, 404)',
    }),
    status: Type.Union([Type.Integer(), Type.Null()], {
      description:
        'The answer: 301, 302, 307 or 308 (a redirect), 200 (the password form) or 401 (the form again, after a wrong `password`), 410 (stopped, no expiredTarget), 404 (the code is turned off); null for exec (its answer decides)',
    }),
    decidedBy: Type.Unsafe<(typeof DECIDED_BY)[number]>({
      type: 'string',
      enum: [...DECIDED_BY],
      description:
        'The step that decided, in this order: inactive, expired, used_up (before activeFrom, from expiresAt, maxScans reached), password, apps, rule, default or exec; disabled: the code is turned off',
    }),
    rule: Type.Union([Type.String(), Type.Null()], {
      description: 'The rule that decided (rule_...), if one did',
    }),
    trace: Type.Array(
      Type.Object({
        rule: Type.String({ description: 'rule_...' }),
        matched: Type.Boolean({ description: "Whether the rule's condition matched this scan" }),
        because: Type.String({ description: 'Why, in words ("os is android, not ios")' }),
      }),
      { description: "Each of the code's rules in order" },
    ),
  },
  {
    additionalProperties: false,
    examples: [
      {
        target: 'https://example.com/de?utm_source=qr',
        status: 302,
        decidedBy: 'rule',
        rule: 'rule_01JDX3',
        trace: [{ rule: 'rule_01JDX3', matched: true, because: 'language is de-de' }],
      },
    ],
  },
);
export type Simulation = Static<typeof SimulationSchema>;

export const SimulateParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
