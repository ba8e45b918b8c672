import type { StyleInput } from '@rq/qr';
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { PageOnlyQuery } from '../../shared/page-schema.js';
import { CodeSchema, CreateCodeBody, PatchCodeBody } from '../qrcodes/qrcodes.schemas.js';

/**
 * Designs (API.md "Designs"): a name and a style. The style schema is the QR codes module's own,
 * taken from its create and patch bodies, so a design takes exactly what a code takes.
 */

export const DESIGN_NAME_MAX = 100;
export const APPLY_MAX_CODES = 100;

// The create body's style is optional there; a design must have one. A plain JSON copy drops
// TypeBox's optional marker (a symbol) and keeps the schema.
const Style = Type.Unsafe<StyleInput>(JSON.parse(JSON.stringify(CreateCodeBody.properties.style)) as TSchema);
const Name = Type.String({
  minLength: 1,
  maxLength: DESIGN_NAME_MAX,
  description: 'What the design is called',
});

export const DesignCreateBody = Type.Object(
  { name: Name, style: Style },
  {
    additionalProperties: false,
    examples: [
      {
        name: 'Brand purple',
        style: {
          dots: { type: 'rounded', color: '#4c1d95' },
          cornerSquares: { type: 'extra-rounded', color: '#4c1d95' },
          background: { color: '#ffffff' },
        },
      },
    ],
  },
);
export type DesignCreateBody = Static<typeof DesignCreateBody>;

export const DesignPatchBody = Type.Object(
  { name: Type.Optional(Name), style: PatchCodeBody.properties.style },
  {
    additionalProperties: false,
    description:
      'A JSON merge patch (RFC 7396): omitted fields stay, `null` removes; `style` merges key by key, and `style: null` starts again from the default style.',
    examples: [{ name: 'Brand purple, dark', style: { dots: { color: '#2e1065' } } }],
  },
);
export type DesignPatchBody = Static<typeof DesignPatchBody>;

export const Design = Type.Object(
  {
    id: Type.String({ description: 'dsn_...' }),
    name: Type.String(),
    style: CodeSchema.properties.style,
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type Design = Static<typeof Design>;

export const DesignList = Type.Object({
  data: Type.Array(Design),
  nextCursor: Type.Union([Type.String(), Type.Null()]),
});
export type DesignList = Static<typeof DesignList>;

export const DesignIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const DesignListQuery = PageOnlyQuery;

export const ApplyBody = Type.Object(
  {
    codes: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
      minItems: 1,
      maxItems: APPLY_MAX_CODES,
      uniqueItems: true,
      description: 'Ids of the codes (qr_...) whose style becomes the design',
    }),
  },
  { additionalProperties: false, examples: [{ codes: ['qr_01jdx0000000000000000000'] }] },
);
export type ApplyBody = Static<typeof ApplyBody>;

export const AppliedCodes = Type.Object({
  data: Type.Array(CodeSchema, { description: 'The codes with their new style, in the order asked' }),
});
