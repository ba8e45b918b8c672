import { type Static, Type } from '@sinclair/typebox';
import { describedPattern, HEADER_VALUE, QUERY_STRING } from '../../shared/pattern-words.js';
import { Gs1ElementSchema, Gs1LinkSchema } from './gs1.schemas.js';

/**
 * The site's two GS1 helpers (issue 46): "Test a scan" of an item (what the resolver would answer,
 * with the linkset it would serve) and writing a Digital Link URI for the design tool (on a host of
 * the workspace's choice, plain or compressed).
 */

const Qualifiers = Type.Array(Gs1ElementSchema, {
  maxItems: 4,
  description:
    "Key qualifiers in the standard's order, as a scanned URI carries them ([{ ai: '10', value: 'LOT01' }]); none: the primary key itself",
});

export const Gs1SimulateBody = Type.Object(
  {
    qualifiers: Type.Optional(Qualifiers),
    linkType: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: "The `linkType` the scan asks for ('gs1:pip', 'linkset', 'all'); none: the default link",
      }),
    ),
    userAgent: Type.Optional(
      Type.String({
        maxLength: 1024,
        pattern: HEADER_VALUE,
        description:
          "The phone's User-Agent header, which the item's rules may read (none: an unknown device)",
      }),
    ),
    country: Type.Optional(
      Type.String({
        pattern: describedPattern(
          '^[A-Za-z]{2}$',
          'must be an ISO 3166-1 alpha-2 country code, two letters ("DE")',
        ),
        description: "The scanner's country (ISO 3166-1 alpha-2), which the item's rules may read",
      }),
    ),
    language: Type.Optional(
      Type.String({
        maxLength: 256,
        pattern: HEADER_VALUE,
        description: 'The Accept-Language header of the phone ("de-CH, de;q=0.9, en;q=0.5")',
      }),
    ),
    context: Type.Optional(
      Type.String({ minLength: 1, maxLength: 100, description: 'The `context` parameter of the scan' }),
    ),
    accept: Type.Optional(
      Type.String({
        maxLength: 256,
        pattern: HEADER_VALUE,
        description: "The Accept header ('application/linkset+json' asks for the linkset)",
      }),
    ),
    query: Type.Optional(
      Type.String({
        maxLength: 2048,
        pattern: QUERY_STRING,
        description: 'Other query parameters of the scanned URI, passed on to the link as a redirect does',
      }),
    ),
    at: Type.Optional(
      Type.String({
        format: 'date-time',
        description:
          "When the scan happens (default now): the item's activeFrom and expiresAt, and time rules, read it",
      }),
    ),
    scansBefore: Type.Optional(
      Type.Integer({
        minimum: 0,
        maximum: 1_000_000_000,
        description:
          'Counted scans of the item before this one (default: its count now): maxScans and scan-count rules read it',
      }),
    ),
    password: Type.Optional(
      Type.String({
        maxLength: 128,
        description:
          "The password the scanner enters on a protected item's form; none or a wrong one: the form is the answer",
      }),
    ),
  },
  {
    additionalProperties: false,
    examples: [{ qualifiers: [{ ai: '10', value: 'LOT01' }], language: 'de, en;q=0.5' }],
  },
);
export type Gs1SimulateBody = Static<typeof Gs1SimulateBody>;

const ResolvedLink = Type.Object(
  {
    ...Gs1LinkSchema.properties,
    anchor: Type.String({ description: 'The URI of the level the link belongs to' }),
  },
  { additionalProperties: false },
);

const LinksetNote = Type.Object(
  {
    anchor: Type.String(),
    linkType: Type.String(),
    href: Type.String(),
    field: Type.String(),
    from: Type.String(),
    to: Type.Union([Type.String(), Type.Null()]),
    reason: Type.String(),
  },
  { additionalProperties: false },
);

export const Gs1SimulationSchema = Type.Object(
  {
    uri: Type.String({ description: 'The Digital Link URI the simulated scan requests' }),
    status: Type.Union(
      [Type.Literal(200), Type.Literal(300), Type.Literal(307), Type.Literal(404), Type.Literal(410)],
      {
        description:
          "What the resolver answers: 307 to one link (or a stopped item's expiredTarget), 300 with tied links, 200 a linkset or the password form, 404, 410 a stopped item's page",
      },
    ),
    outcome: Type.Union(
      [
        Type.Literal('redirect'),
        Type.Literal('choices'),
        Type.Literal('linkset'),
        Type.Literal('not_found'),
        Type.Literal('stopped'),
        Type.Literal('password'),
      ],
      {
        description:
          "The kind of answer: `stopped` an item not active yet, expired or used up (its expiredTarget, or a 410); `password` the item's password form",
      },
    ),
    stoppedBy: Type.Union(
      [Type.Literal('inactive'), Type.Literal('expired'), Type.Literal('used_up'), Type.Null()],
      {
        description:
          "Which link control stopped the scan (also when it goes to the item's expiredTarget); null when none did",
      },
    ),
    location: Type.Union([Type.String(), Type.Null()], {
      description: 'Where a 307 sends the phone (placeholders filled, the query passed on); else null',
    }),
    link: Type.Union([ResolvedLink, Type.Null()], { description: 'The link a 307 follows' }),
    candidates: Type.Array(ResolvedLink, {
      description: 'The links the choice was made among (the tied ones for a 300)',
    }),
    message: Type.Union([Type.String(), Type.Null()], { description: 'Why a 404' }),
    rule: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], {
      description:
        "The index of the item's rule that picked the link among the candidates; null when none did",
    }),
    linkset: Type.Union([Type.Unknown(), Type.Null()], {
      description:
        'The RFC 9264 linkset the resolver serves for this URI (every level up to the primary key), as `linkType=linkset` answers it; null when the URI is unknown',
    }),
    linksetNotes: Type.Array(LinksetNote, {
      description: "What the linkset writes otherwise than stored, to stay valid against GS1's schema",
    }),
    headers: Type.Object(
      { link: Type.String(), vary: Type.String() },
      { additionalProperties: false, description: 'The Link and Vary headers of the answer' },
    ),
  },
  { additionalProperties: false },
);
export type Gs1Simulation = Static<typeof Gs1SimulationSchema>;

export const Gs1WriteUriBody = Type.Object(
  {
    primaryKey: Gs1ElementSchema,
    qualifiers: Type.Optional(Qualifiers),
    host: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 253,
        description:
          "The resolver host: this server's host, its short link host, or a verified hostname of the workspace; this server's host by default",
      }),
    ),
    compression: Type.Optional(
      Type.Union([Type.Literal('none'), Type.Literal('compressed'), Type.Literal('optimised')], {
        description:
          "'compressed' writes the elements as one path segment (GS1's compression), 'optimised' with its optimisation codes (shorter); 'none' by default",
      }),
    ),
  },
  {
    additionalProperties: false,
    examples: [
      {
        primaryKey: { ai: '01', value: '09506000134376' },
        qualifiers: [{ ai: '10', value: 'LOT01' }],
        compression: 'none',
      },
    ],
  },
);
export type Gs1WriteUriBody = Static<typeof Gs1WriteUriBody>;

export const Gs1WrittenUriSchema = Type.Object(
  {
    uri: Type.String({ description: 'The URI to encode in the QR code' }),
    uncompressed: Type.String({
      description: 'The same URI uncompressed (equal to uri when not compressed)',
    }),
    host: Type.String({ description: 'The resolver host it is written on' }),
  },
  { additionalProperties: false },
);
export type Gs1WrittenUri = Static<typeof Gs1WrittenUriSchema>;
