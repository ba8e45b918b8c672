import { STATIC_KINDS, type StaticData, type StyleInput, StyleSchema, WIFI_ENCRYPTIONS } from '@rq/qr';
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { describedPattern } from '../../shared/pattern-words.js';
import { ItemProblemSchema } from '../../shared/problem-schema.js';
import { stringEnum } from '../../shared/string-enum.js';
import { BULK_MAX_ITEMS } from '../plans/plans.js';
import { CONTROL_LIMITS } from './link-controls.js';
import { SORT_VALUES } from './list-sort.js';
import { CODE_MODES, type ExecSettings, LIMITS } from './qrcodes.validate.js';
import { SLUG_PATTERN } from './slugs.js';

/**
 * The QR code resource as API.md defines it. Objects refuse unknown fields, so a typo is a 400
 * with its path; what a schema cannot say (each data kind's fields, URLs, phone numbers, reserved
 * slugs) qrcodes.validate.ts and slugs.ts check.
 */

/**
 * A copy of a schema without `$id` (one schema may appear in many routes) and, for merge patches,
 * without `default`s (a default filled into a patch would overwrite a stored value).
 */
function plainCopy(schema: unknown, dropDefaults: boolean): unknown {
  if (Array.isArray(schema)) return schema.map((item) => plainCopy(item, dropDefaults));
  if (typeof schema !== 'object' || schema === null) return schema;
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$id' || (dropDefaults && key === 'default')) continue;
    copy[key] = plainCopy(value, dropDefaults);
  }
  return copy;
}

// Without defaults: Ajv refuses defaults inside unions, and a stored style keeps what the caller gave.
/**
 * The schema or null. A type list rather than a union: with Ajv's type coercion, a union tries
 * its first branch first and would turn null into "" or 0 before the null branch is reached.
 */
function orNull<T extends TSchema>(schema: T) {
  const node = schema as TSchema & { type?: unknown; enum?: unknown[] };
  return Type.Unsafe<Static<T> | null>(
    typeof node.type === 'string'
      ? { ...node, type: [node.type, 'null'], ...(node.enum ? { enum: [...node.enum, null] } : {}) }
      : { anyOf: [{ type: 'null' }, node] },
  );
}

/**
 * A merge patch of an object schema: every optional field may also be null (which removes it),
 * at every depth.
 */
function nullableFields(schema: unknown): unknown {
  if (typeof schema !== 'object' || schema === null) return schema;
  const node = schema as Record<string, unknown>;
  if (Array.isArray(node.anyOf)) return { ...node, anyOf: node.anyOf.map(nullableFields) };
  if (node.type !== 'object' || typeof node.properties !== 'object' || node.properties === null) return node;
  const required = new Set(Array.isArray(node.required) ? (node.required as string[]) : []);
  const properties: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node.properties as Record<string, unknown>)) {
    const inner = nullableFields(value) as Record<string, unknown>;
    const allowsNull =
      inner.type === 'null' ||
      (Array.isArray(inner.anyOf) && inner.anyOf.some((v) => (v as { type?: unknown }).type === 'null'));
    properties[key] = required.has(key) || allowsNull ? inner : orNull(inner as TSchema);
  }
  return { ...node, properties };
}

const StyleBody = Type.Unsafe<StyleInput>(plainCopy(StyleSchema, true) as TSchema);
const StylePatch = Type.Unsafe<StyleInput>(nullableFields(plainCopy(StyleSchema, true)) as TSchema);

const HttpUrl = (description: string) =>
  Type.String({
    minLength: 1,
    maxLength: LIMITS.urlLength,
    description: `${description} (absolute http(s) URL)`,
  });

function RuleIds(description: string) {
  return Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: LIMITS.rules, description });
}

const Field = (description: string, maxLength: number = LIMITS.fieldLength) =>
  Type.Optional(Type.String({ minLength: 1, maxLength, description }));

/**
 * Static data: `kind` and the fields of that kind. One object rather than a union of eight keeps
 * the errors to the one field that is wrong; which fields each kind takes is checked after.
 */
export const StaticDataSchema = Type.Unsafe<StaticData>(
  Type.Object(
    {
      kind: stringEnum(STATIC_KINDS, { description: 'What the symbol encodes' }),
      text: Field('text: the text itself', LIMITS.textLength),
      url: Field('url, vcard: an http(s) URL', LIMITS.urlLength),
      to: Field('email: the address', 254),
      subject: Field('email: subject'),
      body: Field('email: body', 1000),
      number: Field('phone, sms: the number, E.164 preferred (+14155550123)', 32),
      message: Field('sms: the message', 1000),
      ssid: Field('wifi: the network name', 64),
      password: Type.Optional(
        Type.String({ maxLength: 63, description: 'wifi: the password (none for nopass)' }),
      ),
      encryption: Type.Optional(stringEnum(WIFI_ENCRYPTIONS, { description: 'wifi: WPA, WEP or nopass' })),
      hidden: Type.Optional(Type.Boolean({ description: 'wifi: the network does not broadcast its name' })),
      name: Field('vcard: full name', 200),
      org: Field('vcard: organisation', 200),
      phone: Field('vcard: phone number', 32),
      email: Field('vcard: email address', 254),
      address: Field('vcard: postal address'),
      lat: Type.Optional(Type.Number({ minimum: -90, maximum: 90, description: 'geo: latitude' })),
      lng: Type.Optional(Type.Number({ minimum: -180, maximum: 180, description: 'geo: longitude' })),
    },
    {
      additionalProperties: false,
      description:
        'text { text }, url { url }, email { to, subject?, body? }, phone { number }, sms { number, message? }, wifi { ssid, password?, encryption, hidden? }, vcard { name, org?, phone?, email?, url?, address? }, geo { lat, lng }',
    },
  ),
);

/** Static data as a merge patch: `kind` may be left out (the stored kind stays), other fields may be null. */
function dataPatchSchema(): TSchema {
  const { required: _kindIsRequiredOnlyOnCreate, ...schema } = nullableFields(
    plainCopy(StaticDataSchema, true),
  ) as Record<string, unknown>;
  return schema as TSchema;
}

export const ExecSchema = Type.Object(
  {
    url: HttpUrl('Where each scan is POSTed, signed with the account signing secret'),
    timeoutMs: Type.Optional(
      Type.Integer({
        minimum: LIMITS.execTimeoutMin,
        maximum: LIMITS.execTimeoutMax,
        description: `How long to wait for the reply (default ${LIMITS.execTimeoutDefault})`,
      }),
    ),
    fallback: HttpUrl('Where scans go when the exec URL times out, fails or answers nonsense'),
  },
  { additionalProperties: false },
);

const ExecPatch = Type.Object(
  {
    url: Type.Optional(ExecSchema.properties.url),
    timeoutMs: Type.Optional(orNull(ExecSchema.properties.timeoutMs)),
    fallback: Type.Optional(ExecSchema.properties.fallback),
  },
  { additionalProperties: false },
);

// ---------------------------------------------------------------------------------------------
// Link controls (redirect and exec codes; link-controls.ts checks what a schema cannot)

const Instant = (description: string) =>
  Type.String({ format: 'date-time', description: `${description} (RFC 3339 date-time with an offset)` });

const UtmValue = (name: string) =>
  Type.String({ minLength: 1, maxLength: CONTROL_LIMITS.utmLength, description: `utm_${name}` });

export const UtmSchema = Type.Object(
  {
    source: Type.Optional(UtmValue('source')),
    medium: Type.Optional(UtmValue('medium')),
    campaign: Type.Optional(UtmValue('campaign')),
    term: Type.Optional(UtmValue('term')),
    content: Type.Optional(UtmValue('content')),
  },
  {
    additionalProperties: false,
    description:
      'UTM tags added to every target (default, rules, splits, apps, exec answers) as utm_<name>, unless the target already has that parameter; not to expiredTarget',
  },
);

const AppsSchema = Type.Object(
  {
    ios: Type.Optional(HttpUrl('Where scanners on iOS go (a universal link)')),
    android: Type.Optional(HttpUrl('Where scanners on Android go (an app link)')),
  },
  { additionalProperties: false, description: "Targets by the scanner's OS, chosen before rules" },
);

export const PasswordInput = Type.String({
  minLength: CONTROL_LIMITS.passwordMin,
  maxLength: CONTROL_LIMITS.passwordMax,
  description: 'Write-only: scanners must enter it before they are sent on; answers say passwordProtected',
});

const controlFields = {
  activeFrom: Type.Optional(orNull(Instant('Before this time the code is not active yet'))),
  expiresAt: Type.Optional(orNull(Instant('From this time on the code is expired'))),
  maxScans: Type.Optional(
    orNull(
      Type.Integer({
        minimum: 1,
        maximum: CONTROL_LIMITS.maxScans,
        description: 'Counted (human) scans the code answers; then it is used up',
      }),
    ),
  ),
  expiredTarget: Type.Optional(
    orNull(
      HttpUrl('Where a code that is not active yet, expired or used up sends scanners; null: a 410 page'),
    ),
  ),
  password: Type.Optional(orNull(PasswordInput)),
  attribution: Type.Optional(
    orNull(
      Type.Object(
        {
          enabled: Type.Optional(Type.Boolean({ description: 'Hand the target the scan id (default true)' })),
          parameter: Type.Optional(
            Type.String({
              pattern: describedPattern(
                '^[A-Za-z0-9_.~-]{1,40}$',
                'must be 1 to 40 letters, digits or _ . ~ -',
              ),
              description: 'The query parameter that carries it (default `rq_id`)',
            }),
          ),
        },
        {
          additionalProperties: false,
          description:
            'Conversions: each scan hands its target (rule, split, exec answer or link control target alike) the scan id as `?rq_id=<id>` for POST /conversions; null: the workspace default (GET /conversions/settings)',
        },
      ),
    ),
  ),
};

/** UTM tags in a merge patch: each field may be null (removed). Item controls (GS1) take it too. */
export const UtmPatchSchema = Type.Unsafe<Record<string, string | null>>(
  nullableFields(UtmSchema) as TSchema,
);

const controlPatchFields = {
  ...controlFields,
  utm: Type.Optional(orNull(UtmPatchSchema)),
  apps: Type.Optional(
    orNull(Type.Unsafe<Record<string, string | null>>(nullableFields(AppsSchema) as TSchema)),
  ),
};

const controlCreateFields = {
  ...controlFields,
  utm: Type.Optional(orNull(UtmSchema)),
  apps: Type.Optional(orNull(AppsSchema)),
};

const controlViewFields = {
  activeFrom: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  expiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  maxScans: Type.Union([Type.Integer(), Type.Null()]),
  expiredTarget: Type.Union([Type.String(), Type.Null()]),
  passwordProtected: Type.Boolean({ description: 'Whether scanners must enter a password' }),
  utm: Type.Union([UtmSchema, Type.Null()]),
  apps: Type.Union([AppsSchema, Type.Null()]),
  attribution: Type.Union([Type.Object({ enabled: Type.Boolean(), parameter: Type.String() }), Type.Null()], {
    description: 'The code’s own attribution setting; null: the workspace default',
  }),
};

const Mode = stringEnum(CODE_MODES, {
  description:
    'static: the symbol holds the data; redirect: the short URL, sent on to `target` (or a rule); exec: the short URL, resolved by your exec URL',
});
const Slug = Type.String({
  pattern: describedPattern(SLUG_PATTERN, 'must be 3 to 64 characters, each a letter, a digit, - or _'),
  description: 'The custom identifier: 3 to 64 of A-Z a-z 0-9 _ -, case-sensitive; random when omitted',
});
const Title = Type.String({ maxLength: LIMITS.titleLength });
const Tags = Type.Array(Type.String({ minLength: 1, maxLength: LIMITS.tagLength }), {
  maxItems: LIMITS.tags,
});
const Hostname = Type.Union([Type.String({ minLength: 1, maxLength: 253 }), Type.Null()], {
  description:
    'A verified custom hostname of the account (its name, or its id host_...) to serve the code from, at https://<hostname>/<slug>; null for the primary short host',
});

export const CreateCodeBody = Type.Object(
  {
    mode: Mode,
    slug: Type.Optional(Slug),
    hostname: Type.Optional(Hostname),
    target: Type.Optional(orNull(HttpUrl('redirect: the default target'))),
    data: Type.Optional(orNull(StaticDataSchema)),
    exec: Type.Optional(orNull(ExecSchema)),
    style: Type.Optional(StyleBody),
    title: Type.Optional(orNull(Title)),
    tags: Type.Optional(Tags),
    enabled: Type.Optional(Type.Boolean({ default: true })),
    rules: Type.Optional(RuleIds('redirect codes only: rule ids in evaluation order (as PUT /rules)')),
    ...controlCreateFields,
  },
  {
    additionalProperties: false,
    examples: [
      { mode: 'redirect', target: 'https://example.com/menu', title: 'Spring menu', tags: ['menu'] },
      { mode: 'static', data: { kind: 'wifi', ssid: 'Cafe', password: 'espresso42', encryption: 'WPA' } },
      {
        mode: 'exec',
        exec: { url: 'https://example.com/qr-hook', timeoutMs: 1500, fallback: 'https://example.com/' },
      },
      {
        mode: 'redirect',
        target: 'https://example.com/launch',
        activeFrom: '2026-12-01T09:00:00+01:00',
        expiresAt: '2027-01-01T00:00:00+01:00',
        maxScans: 1000,
        expiredTarget: 'https://example.com/launch-is-over',
        utm: { source: 'qr', medium: 'print', campaign: 'launch' },
        apps: {
          ios: 'https://apps.apple.com/app/id123456789',
          android: 'https://play.google.com/store/apps/details?id=com.example',
        },
      },
    ],
  },
);
export type CreateCodeInput = Static<typeof CreateCodeBody>;

/**
 * A create body as the service takes it: the API's, plus what an export carries that no request
 * body may: `passwordHash`, a password in its stored form (code-password.ts), so an export's
 * round trip keeps a code's password without anyone knowing it.
 */
export type CreateCodeCommand = CreateCodeInput & { passwordHash?: string };

export const PatchCodeBody = Type.Object(
  {
    mode: Type.Optional(Mode),
    slug: Type.Optional(Slug),
    hostname: Type.Optional(Hostname),
    target: Type.Optional(orNull(HttpUrl('redirect: the default target'))),
    data: Type.Optional(orNull(Type.Unsafe<Partial<StaticData>>(dataPatchSchema()))),
    exec: Type.Optional(orNull(ExecPatch)),
    style: Type.Optional(orNull(StylePatch)),
    title: Type.Optional(orNull(Title)),
    tags: Type.Optional(orNull(Tags)),
    enabled: Type.Optional(Type.Boolean()),
    ...controlPatchFields,
  },
  {
    additionalProperties: false,
    description: 'A JSON merge patch (RFC 7396): omitted fields stay, null clears.',
    examples: [
      { target: 'https://example.com/summer-menu', tags: ['menu', 'summer'] },
      { expiresAt: '2027-01-01T00:00:00Z', password: 'open sesame', utm: { campaign: 'winter', term: null } },
    ],
  },
);
export type PatchCodeInput = Static<typeof PatchCodeBody>;

const ScanTotalsSchema = Type.Object({
  total: Type.Integer({ description: 'Counted scans, bots excluded' }),
  uniqueToday: Type.Integer({ description: 'Distinct scanners since midnight UTC' }),
  lastAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
});

export const ImageSchema = Type.Object({
  format: stringEnum(['svg', 'png'] as const),
  data: Type.String({ description: 'SVG text, or the PNG in base64' }),
  url: Type.String({ description: 'Where to fetch the image again' }),
});

export const CodeSchema = Type.Object(
  {
    id: Type.String({ description: 'qr_...' }),
    slug: Type.String(),
    hostname: Type.Union([Type.String(), Type.Null()]),
    shortUrl: Type.String({ description: 'The URL a dynamic code encodes' }),
    mode: Mode,
    target: Type.Union([Type.String(), Type.Null()]),
    data: Type.Union([StaticDataSchema, Type.Null()]),
    exec: Type.Union([
      Type.Object({ url: Type.String(), timeoutMs: Type.Integer(), fallback: Type.String() }),
      Type.Null(),
    ]),
    rules: Type.Array(Type.String(), { description: 'Rule ids in evaluation order' }),
    style: Type.Unsafe<StyleInput>({ type: 'object', additionalProperties: true, description: 'See Style' }),
    title: Type.Union([Type.String(), Type.Null()]),
    tags: Type.Array(Type.String()),
    enabled: Type.Boolean(),
    ...controlViewFields,
    scans: ScanTotalsSchema,
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
    warnings: Type.Optional(
      Type.Array(Type.String(), {
        description:
          'Present when the code was saved but will not work as meant: an exec URL that is not public (the SSRF guard refuses it, unless SSRF_ALLOW names it) is never called.',
      }),
    ),
    imageUrl: Type.String({
      description:
        'The image as SVG at a signed URL that needs no credentials (for an <img src>); `.png` in place of `.svg` gives the PNG. The URL changes whenever the image does, and its answer may be cached for good.',
    }),
    image: Type.Optional(ImageSchema),
  },
  { additionalProperties: false },
);
export type CodeResource = Static<typeof CodeSchema>;
export type ExecResource = ExecSettings;

export const CodeParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/**
 * `examples: [null]` on an optional filter: the API reference (Scalar) otherwise pre-fills an enum's
 * first value, so its "List QR codes" example would filter. openapi-rules.test.ts reads a null
 * example on a query parameter as "leave it out".
 */
const leftOut = { examples: [null] };

/** The list's filters, as query parameters (with `leftOut`) or as the members of a body. */
function codeFilterFieldsIn(where: 'query' | 'body') {
  const hint = where === 'query' ? leftOut : {};
  return {
    mode: Type.Optional(Type.Unsafe<Static<typeof Mode>>({ ...Mode, ...hint })),
    tag: Type.Optional(Type.String({ minLength: 1, maxLength: LIMITS.tagLength })),
    hostname: Type.Optional(Type.String({ minLength: 1, maxLength: 253 })),
    q: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Text in the title or slug' })),
    enabled: Type.Optional(
      Type.Boolean({ description: 'Only codes that are on (true) or off (false)', ...hint }),
    ),
  };
}
const codeFilterFields = codeFilterFieldsIn('query');

/** The filters of the list, which the count (and exports) take too. */
export const CodeFilterQuery = Type.Object(codeFilterFields, { additionalProperties: false });
export type CodeFilterInput = Static<typeof CodeFilterQuery>;

/** The same filters in a request body (a print selection's `filter`). */
export const codeFilterBodyFields = codeFilterFieldsIn('body');

export const ListQuery = Type.Object(
  {
    ...codeFilterFields,
    sort: Type.Optional(
      stringEnum(SORT_VALUES, {
        description:
          'The order: slug, title, scans, updatedAt or createdAt, `-` before it for descending (ties by id). Without it: newest first.',
        ...leftOut,
      }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 400 })),
  },
  { additionalProperties: false },
);
export type ListQueryInput = Static<typeof ListQuery>;

export const CodeCountSchema = Type.Object({
  total: Type.Integer({ description: 'How many codes pass the filters' }),
});

export const CodeListSchema = Type.Object({
  data: Type.Array(CodeSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});

const Format = stringEnum(['json', 'svg', 'png'] as const, {
  description: 'json (default) answers the resource; svg or png answers the bare image',
});

export const GetCodeQuery = Type.Object(
  {
    include: Type.Optional(stringEnum(['image'] as const, { description: 'image: add the rendered image' })),
    format: Type.Optional(Format),
  },
  { additionalProperties: false },
);

export const CreateCodeQuery = Type.Object(
  {
    format: Type.Optional(Format),
    imageFormat: Type.Optional(
      stringEnum(['svg', 'png'] as const, { description: 'The format of `image` in JSON' }),
    ),
  },
  { additionalProperties: false },
);

export const RulesBody = Type.Object(
  {
    rules: RuleIds('Rule ids in evaluation order; the first enabled rule that matches decides'),
  },
  { additionalProperties: false, examples: [{ rules: [] }] },
);

const HEX_COLOR = describedPattern(
  '^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$',
  'must be a hex colour like #1a2b3c or #abc (a # in a query string is written %23)',
);
const HexOrTransparent = Type.String({
  pattern: describedPattern(
    '^(#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})|transparent)$',
    'must be a hex colour like #ffffff or #fff, or transparent (a # in a query string is written %23)',
  ),
});
const Hex = Type.String({ pattern: HEX_COLOR });

/** Flat overrides of the stored style for the image endpoints (query strings are flat). */
export const ImageQuery = Type.Object(
  {
    size: Type.Optional(Type.Integer({ minimum: 64, maximum: 4096, description: 'Width in px' })),
    margin: Type.Optional(Type.Integer({ minimum: 2, maximum: 20, description: 'Quiet zone in modules' })),
    errorCorrection: Type.Optional(stringEnum(['L', 'M', 'Q', 'H'] as const)),
    dotsType: Type.Optional(
      stringEnum(['square', 'rounded', 'dots', 'classy', 'classy-rounded', 'extra-rounded'] as const),
    ),
    dotsColor: Type.Optional(Hex),
    cornerSquaresType: Type.Optional(stringEnum(['square', 'rounded', 'extra-rounded', 'dot'] as const)),
    cornerSquaresColor: Type.Optional(Hex),
    cornerDotsType: Type.Optional(stringEnum(['square', 'dot'] as const)),
    cornerDotsColor: Type.Optional(Hex),
    backgroundColor: Type.Optional(HexOrTransparent),
    frameText: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
    download: Type.Optional(Type.Boolean({ description: 'Answer as an attachment' })),
  },
  { additionalProperties: false },
);
export type ImageQueryInput = Static<typeof ImageQuery>;

const Cmyk = Type.Boolean({
  description: 'CMYK colours (pure black as 0/0/0/100, others converted without a profile); RGB when false',
});

/** The image endpoints' overrides, and the colour space of a print file. */
export const VectorImageQuery = Type.Object(
  { ...ImageQuery.properties, cmyk: Type.Optional(Cmyk) },
  { additionalProperties: false },
);

export const RenderBody = Type.Object(
  {
    data: Type.String({ minLength: 1, maxLength: LIMITS.textLength, description: 'The text to encode' }),
    style: Type.Optional(StyleBody),
    format: Type.Optional(
      stringEnum(['svg', 'png', 'json', 'pdf', 'eps'] as const, {
        default: 'svg',
        description: 'pdf and eps answer print files (vector, a quiet zone of at least 4 modules)',
      }),
    ),
    cmyk: Type.Optional(Cmyk),
  },
  {
    additionalProperties: false,
    examples: [
      { data: 'https://example.com', style: { size: 256, dots: { type: 'rounded' } }, format: 'svg' },
    ],
  },
);

// --- Bulk (code-bulk.ts) -------------------------------------------------------------------------

export const BulkQuery = Type.Object(
  {
    atomic: Type.Optional(
      Type.Boolean({
        description:
          'All or none: any failing item makes the call a 422 listing every failing item, and nothing is written.',
      }),
    ),
  },
  { additionalProperties: false },
);

/** Bulk update and delete by `filter` go a page at a time: its size, and where the previous call stopped. */
export const BulkChangeQuery = Type.Object(
  {
    ...BulkQuery.properties,
    limit: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: BULK_MAX_ITEMS,
        description: `With \`filter\`: the most codes this call changes (default ${BULK_MAX_ITEMS.toLocaleString('en-US')})`,
      }),
    ),
    cursor: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 400,
        description: "With `filter`: the previous answer's `nextCursor`, to go on with the codes after it",
      }),
    ),
  },
  { additionalProperties: false },
);
export type BulkChangeQueryInput = Static<typeof BulkChangeQuery>;

export const BulkCreateBody = Type.Object(
  {
    items: Type.Array(
      // Each item is checked on its own (its problem is its result), so the route does not refuse the call for one.
      Type.Unsafe<unknown>({ description: 'A create body, as POST /qrcodes takes (checked item by item)' }),
      { minItems: 1, maxItems: BULK_MAX_ITEMS },
    ),
  },
  {
    additionalProperties: false,
    examples: [
      {
        items: [
          { mode: 'redirect', target: 'https://example.com/a', title: 'Box 1', tags: ['batch-7'] },
          { mode: 'redirect', target: 'https://example.com/b', slug: 'box-2' },
        ],
      },
    ],
  },
);

const BulkIds = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
  minItems: 1,
  maxItems: BULK_MAX_ITEMS,
  uniqueItems: true,
  description: "Code ids (qr_...); a missing or foreign one is that item's 404",
});

/** Most ids one "every code of the filter but these" leaves out: a selection of 10,000 codes at most. */
export const BULK_EXCEPT_MAX = 10_000;

/** The codes a bulk update or delete changes: `ids`, or every code the list's filters select. */
const bulkSelection = {
  ids: Type.Optional(BulkIds),
  filter: Type.Optional(
    Type.Object(
      {
        mode: Type.Optional(Mode),
        tag: Type.Optional(Type.String({ minLength: 1, maxLength: LIMITS.tagLength })),
        hostname: Type.Optional(Type.String({ minLength: 1, maxLength: 253 })),
        q: Type.Optional(
          Type.String({ minLength: 1, maxLength: 200, description: 'Text in the title or slug' }),
        ),
        enabled: Type.Optional(Type.Boolean({ description: 'Only codes that are on (true) or off (false)' })),
      },
      {
        additionalProperties: false,
        description: `In place of \`ids\`: the codes GET /qrcodes lists with these filters (\`{}\` for every code), newest first, up to ${BULK_MAX_ITEMS.toLocaleString('en-US')} a call (\`?limit=\`); the answer's \`nextCursor\` goes on with the rest (\`?cursor=\`)`,
      },
    ),
  ),
  except: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
      maxItems: BULK_EXCEPT_MAX,
      uniqueItems: true,
      description: 'With `filter`: ids of codes to leave as they are although the filter selects them',
    }),
  ),
};

export const BulkUpdateBody = Type.Object(
  { ...bulkSelection, patch: PatchCodeBody },
  {
    additionalProperties: false,
    examples: [{ ids: ['qr_01jdx0000000000000000000'], patch: { tags: ['summer'], enabled: false } }],
  },
);
export type BulkUpdateInput = Static<typeof BulkUpdateBody>;

export const BulkDeleteBody = Type.Object(bulkSelection, {
  additionalProperties: false,
  examples: [{ ids: ['qr_01jdx0000000000000000000'] }],
});
export type BulkDeleteInput = Static<typeof BulkDeleteBody>;

export const BulkAnswer = Type.Object(
  {
    data: Type.Array(
      Type.Object(
        {
          index: Type.Integer({ description: "The item's place in `items` (or `ids`)" }),
          id: Type.Optional(Type.String({ description: 'bulk-update and bulk-delete: the id of the item' })),
          status: Type.Integer({
            description:
              "The item's own status: 201 created, 200 changed, 204 deleted, or the 4xx its single request would have answered",
          }),
          qrcode: Type.Optional(CodeSchema),
          problem: Type.Optional(ItemProblemSchema),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { description: 'One result per item, in the order sent' },
);

export const BulkChangeAnswer = Type.Object(
  {
    ...BulkAnswer.properties,
    nextCursor: Type.Union([Type.String(), Type.Null()], {
      description:
        'With `filter`: more codes match after the ones this call changed; send the same body with `?cursor=` this value to go on. Null when none do, and with `ids`.',
    }),
  },
  {
    description:
      'One result per code, in the order sent (`ids`) or newest first (`filter`, each with its `id`), and where a filter goes on',
  },
);
