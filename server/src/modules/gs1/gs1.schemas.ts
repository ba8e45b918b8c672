import { type Static, Type } from '@sinclair/typebox';
import { describedPattern } from '../../shared/pattern-words.js';
import { ItemProblemSchema } from '../../shared/problem-schema.js';
import { BULK_MAX_ITEMS } from '../plans/plans.js';
import { CONTROL_LIMITS } from '../qrcodes/link-controls.js';
import { PasswordInput, UtmPatchSchema, UtmSchema } from '../qrcodes/qrcodes.schemas.js';
import { RuleCondition } from '../rules/rules.schemas.js';

/**
 * GS1 Digital Link items in the API (issue 46): a primary key (or a company prefix covering many
 * keys) on one of the workspace's hosts, its links, and its qualified levels (lots, serials, ...),
 * each with links of its own. Link fields follow GS1's linkset (linkType, href, title, type,
 * hreflang, context), so what a resolver answers reads back in.
 */

export const GS1_LINKS_MAX = 100;
export const GS1_LEVELS_MAX = 50;
export const GS1_RULES_MAX = 20;

const AI = Type.String({
  pattern: describedPattern('^[0-9]{2,4}$', 'must be a GS1 Application Identifier: 2 to 4 digits'),
  description: "A GS1 Application Identifier, e.g. '01' (GTIN), '10' (lot), '21' (serial)",
});

export const Gs1ElementSchema = Type.Object(
  {
    ai: AI,
    value: Type.String({
      minLength: 1,
      maxLength: 90,
      description: 'The value, as in the URI path (decoded)',
    }),
  },
  { additionalProperties: false },
);

const LinkType = Type.String({
  minLength: 1,
  maxLength: 200,
  description:
    "A link type of the GS1 Web Vocabulary as a CURIE ('gs1:pip') or a URI ('https://gs1.org/voc/pip'); other absolute URIs are kept but a linkset cannot carry them",
  examples: ['gs1:pip'],
});

export const Gs1LinkSchema = Type.Object(
  {
    linkType: LinkType,
    href: Type.String({
      minLength: 1,
      maxLength: 2048,
      description:
        "An absolute http(s) URL; at a level with template values it may hold their names ('{lotnumber}'), and on a company-prefix item '{1}' stands for the rest of the key",
    }),
    title: Type.String({ minLength: 1, maxLength: 300 }),
    type: Type.Optional(
      Type.String({ minLength: 1, maxLength: 100, description: "A media type, e.g. 'text/html'" }),
    ),
    hreflang: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 35 }), {
        maxItems: 20,
        description: "BCP 47 language tags, e.g. ['en', 'en-GB']",
      }),
    ),
    context: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
        maxItems: 20,
        description: "Contexts the link is for (the request's `context` parameter picks them)",
      }),
    ),
  },
  { additionalProperties: false },
);
export type Gs1LinkInput = Static<typeof Gs1LinkSchema>;

const ItemDescription = Type.String({ minLength: 1, maxLength: 500 });
const DefaultLinkType = Type.String({
  minLength: 1,
  maxLength: 200,
  description: 'The link type whose link answers a scan that names none (the default link)',
});

export const Gs1LevelSchema = Type.Object(
  {
    qualifiers: Type.Array(Gs1ElementSchema, {
      minItems: 1,
      maxItems: 4,
      description:
        "Key qualifiers in the standard's order, e.g. [{ ai: '10', value: 'LOT01' }]; a value written '{name}' covers every value and fills {name} in hrefs",
    }),
    itemDescription: Type.Optional(ItemDescription),
    defaultLinkType: Type.Optional(DefaultLinkType),
    links: Type.Array(Gs1LinkSchema, { maxItems: GS1_LINKS_MAX }),
  },
  { additionalProperties: false },
);
export type Gs1LevelInput = Static<typeof Gs1LevelSchema>;

const Hostname = Type.String({
  minLength: 1,
  maxLength: 253,
  description:
    "A verified hostname of the workspace (its name or host_... id) whose root answers the item's URIs",
});

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);

export const Gs1ItemRuleSchema = Type.Object(
  {
    when: RuleCondition,
    href: Type.String({
      minLength: 1,
      maxLength: 2048,
      description:
        "One of the item's links, by its href as stored (with its placeholders, e.g. '{lotnumber}'): a scan the condition matches goes there when that link is among the ones the scan is answered from",
    }),
  },
  { additionalProperties: false },
);
export type Gs1ItemRuleInput = Static<typeof Gs1ItemRuleSchema>;

const Rules = Type.Array(Gs1ItemRuleSchema, {
  maxItems: GS1_RULES_MAX,
  description:
    "Rules, first match wins: each picks one of the links of the link type a scan asks for (or of the default's) at the level that answers. A rule never changes an explicit linkType and never answers a linkset request; a rule whose link is not among those is passed over.",
});

const Instant = (description: string) =>
  Type.Union([Type.String({ format: 'date-time', description }), Type.Null()]);

const controlFields = {
  activeFrom: Type.Optional(Instant('Before this time scans of the item are not answered yet')),
  expiresAt: Type.Optional(Instant('From this time on scans of the item are not answered')),
  maxScans: Type.Optional(
    Type.Union([Type.Integer({ minimum: 1, maximum: CONTROL_LIMITS.maxScans }), Type.Null()], {
      description: 'Counted (human) scans the item answers; then it is used up',
    }),
  ),
  expiredTarget: Type.Optional(
    Type.Union([Type.String({ minLength: 1, maxLength: 2048 }), Type.Null()], {
      description:
        'Where a scan of an item not active yet, expired or used up goes (a 307); null: a 410 page',
    }),
  ),
  password: Type.Optional(
    Type.Union([PasswordInput, Type.Null()], {
      description:
        "Write-only: a scanner enters it on a form at the item's URI (the form posts back to that URI) before any link of the item is followed; the linkset stays public. Answers say passwordProtected; null removes it",
    }),
  ),
  passwordHash: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 200,
      description:
        'The password in its stored form, as GET /gs1/items/export.json carries it, so a restored item keeps its password without anyone knowing it; only a hash this server made is taken',
    }),
  ),
  utm: Type.Optional(
    Type.Union([UtmPatchSchema, Type.Null()], {
      description:
        "UTM tags added to every link a scan of the item is sent to (utm_<name>, unless the link has that parameter already), not to expiredTarget nor to the linkset's hrefs; field by field in a patch",
    }),
  ),
};

const ControlsInput = Type.Object(controlFields, {
  additionalProperties: false,
  description:
    "Link controls of the item's scans, as codes have them: they gate the redirects and 300 answers of every key the item covers, never its linkset (its public description). A JSON merge patch on update.",
});

const ControlsView = Type.Object(
  {
    activeFrom: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    expiresAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    maxScans: Type.Union([Type.Integer(), Type.Null()]),
    expiredTarget: Type.Union([Type.String(), Type.Null()]),
    passwordProtected: Type.Boolean({ description: 'Whether scanners must enter a password' }),
    utm: Type.Union([UtmSchema, Type.Null()]),
  },
  { additionalProperties: false },
);
export type Gs1ControlsInput = Static<typeof ControlsInput>;

export const Gs1ItemCreateBody = Type.Object(
  {
    primaryKey: Gs1ElementSchema,
    prefix: Type.Optional(
      Type.Boolean({
        description:
          "The value is a GS1 Company Prefix: the item covers every SSCC (00), GRAI (8003) or GIAI (8004) starting with it, and '{1}' in hrefs is the rest of the key",
      }),
    ),
    hostname: Type.Optional(Nullable(Hostname)),
    itemDescription: Type.Optional(ItemDescription),
    defaultLinkType: Type.Optional(DefaultLinkType),
    links: Type.Array(Gs1LinkSchema, { maxItems: GS1_LINKS_MAX }),
    levels: Type.Optional(Type.Array(Gs1LevelSchema, { maxItems: GS1_LEVELS_MAX })),
    rules: Type.Optional(Rules),
    controls: Type.Optional(ControlsInput),
  },
  {
    additionalProperties: false,
    examples: [
      {
        primaryKey: { ai: '01', value: '09506000134376' },
        itemDescription: 'Dal Giardino Medicinal Compound 50 x 200mg Capsules',
        defaultLinkType: 'gs1:pip',
        links: [
          {
            linkType: 'gs1:pip',
            href: 'https://example.com/medicinal-compound/pil.html',
            title: 'Product information',
            type: 'text/html',
            hreflang: ['en'],
          },
        ],
        levels: [
          {
            qualifiers: [{ ai: '10', value: '{lotnumber}' }],
            links: [
              {
                linkType: 'gs1:pip',
                href: 'https://example.com/medicinal-compound/pil.html?lot={lotnumber}',
                title: 'Product information for this lot',
              },
            ],
          },
        ],
      },
    ],
  },
);
export type Gs1ItemCreateBody = Static<typeof Gs1ItemCreateBody>;

export const Gs1ItemPatchBody = Type.Object(
  {
    hostname: Type.Optional(Nullable(Hostname)),
    itemDescription: Type.Optional(Nullable(ItemDescription)),
    defaultLinkType: Type.Optional(Nullable(DefaultLinkType)),
    links: Type.Optional(Type.Array(Gs1LinkSchema, { maxItems: GS1_LINKS_MAX })),
    levels: Type.Optional(Type.Array(Gs1LevelSchema, { maxItems: GS1_LEVELS_MAX })),
    rules: Type.Optional(Rules),
    controls: Type.Optional(ControlsInput),
  },
  {
    additionalProperties: false,
    description:
      'A JSON merge patch (RFC 7396): omitted fields stay, `null` clears; `links`, `levels` and `rules` replace the whole list, `controls` merge field by field. The primary key does not change: delete the item and create another.',
    examples: [{ itemDescription: 'Dal Giardino Medicinal Compound, 50 capsules' }],
  },
);
export type Gs1ItemPatchBody = Static<typeof Gs1ItemPatchBody>;

const Gs1LevelView = Type.Object(
  {
    qualifiers: Type.Array(Gs1ElementSchema),
    itemDescription: Type.Union([Type.String(), Type.Null()]),
    defaultLinkType: Type.Union([Type.String(), Type.Null()]),
    links: Type.Array(Gs1LinkSchema),
  },
  { additionalProperties: false },
);

export const Gs1ItemSchema = Type.Object(
  {
    id: Type.String({ examples: ['gs1_01jdx0m6r4c5zk2d9w1v8t7q3n'] }),
    primaryKey: Gs1ElementSchema,
    prefix: Type.Boolean(),
    hostname: Type.Union([Type.String(), Type.Null()], {
      description: 'The custom hostname the item answers on; null: our own hosts',
    }),
    uri: Type.String({
      description:
        "The item's GS1 Digital Link URI on its host (for a company prefix, the prefix's: append the rest of a key)",
    }),
    itemDescription: Type.Union([Type.String(), Type.Null()]),
    defaultLinkType: Type.Union([Type.String(), Type.Null()]),
    links: Type.Array(Gs1LinkSchema),
    levels: Type.Array(Gs1LevelView),
    rules: Type.Array(Gs1ItemRuleSchema),
    controls: ControlsView,
    linksetNotes: Type.Array(
      Type.Object(
        {
          path: Type.String({ description: "The stored field, e.g. '/levels/0/links/1/hreflang'" }),
          from: Type.String(),
          to: Type.Union([Type.String(), Type.Null()], {
            description: 'What the linkset says instead; null: left out',
          }),
          reason: Type.String(),
        },
        { additionalProperties: false },
      ),
      {
        description:
          "What the item's linkset writes otherwise than stored, to stay valid against GS1's schema (a language tag such as 'und' or 'es-419', a link type it cannot carry); scans still use the stored values",
      },
    ),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type Gs1Item = Static<typeof Gs1ItemSchema>;

export const Gs1ItemList = Type.Object({
  data: Type.Array(Gs1ItemSchema),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type Gs1ItemList = Static<typeof Gs1ItemList>;

export const Gs1ItemIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const Gs1ItemListQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
    cursor: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    ai: Type.Optional(AI),
    value: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 90,
        description: 'Items whose primary key value starts with this',
      }),
    ),
    hostname: Type.Optional(
      Type.String({ maxLength: 253, description: 'Items on this hostname; empty for our own hosts' }),
    ),
    linkType: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'Items with a link of this type at any level',
      }),
    ),
  },
  { additionalProperties: false },
);
export type Gs1ItemListQuery = Static<typeof Gs1ItemListQuery>;

// --- Bulk (gs1.bulk.ts) ---------------------------------------------------------------------------

export const Gs1BulkQuery = Type.Object(
  {
    atomic: Type.Optional(
      Type.Boolean({
        description:
          'All or none: every item is checked first, and any failing one makes the call a 422 listing every failing item; nothing is written.',
      }),
    ),
  },
  { additionalProperties: false },
);

export const Gs1BulkCreateBody = Type.Object(
  {
    items: Type.Array(
      // Each item is checked on its own (its problem is its result), so one does not refuse the call.
      Type.Unsafe<unknown>({ description: 'A create body, as POST /gs1/items takes (checked item by item)' }),
      { minItems: 1, maxItems: BULK_MAX_ITEMS },
    ),
  },
  {
    additionalProperties: false,
    examples: [
      {
        items: [
          {
            primaryKey: { ai: '01', value: '09506000134352' },
            defaultLinkType: 'gs1:pip',
            links: [{ linkType: 'gs1:pip', href: 'https://example.com/a', title: 'Product A' }],
          },
        ],
      },
    ],
  },
);

const BulkIds = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
  minItems: 1,
  maxItems: BULK_MAX_ITEMS,
  uniqueItems: true,
  description: "Item ids (gs1_...); a missing or foreign one is that item's 404",
});

export const Gs1BulkUpdateBody = Type.Object(
  { ids: BulkIds, patch: Gs1ItemPatchBody },
  {
    additionalProperties: false,
    examples: [
      { ids: ['gs1_01jdx0m6r4c5zk2d9w1v8t7q3n'], patch: { controls: { expiresAt: '2027-01-01T00:00:00Z' } } },
    ],
  },
);
export type Gs1BulkUpdateBody = Static<typeof Gs1BulkUpdateBody>;

export const Gs1BulkDeleteBody = Type.Object(
  { ids: BulkIds },
  { additionalProperties: false, examples: [{ ids: ['gs1_01jdx0m6r4c5zk2d9w1v8t7q3n'] }] },
);

export const Gs1BulkAnswer = Type.Object(
  {
    data: Type.Array(
      Type.Object(
        {
          index: Type.Integer({ description: "The item's place in `items` (or `ids`)" }),
          id: Type.Optional(Type.String()),
          status: Type.Integer({
            description:
              "The item's own status: 201 created, 200 changed, 204 deleted, or the 4xx its single request would have answered",
          }),
          item: Type.Optional(Gs1ItemSchema),
          problem: Type.Optional(ItemProblemSchema),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { description: 'One result per item, in the order sent' },
);

export const Gs1ExportSchema = Type.Object(
  { items: Type.Array(Gs1ItemCreateBody) },
  { description: 'The items as POST /gs1/items/bulk takes them' },
);
