import { type Static, Type } from '@sinclair/typebox';
import { stringEnum } from '../../shared/string-enum.js';
import { MAX_PRINT_CODES } from '../qrcodes/code-prints.js';
import { codeFilterBodyFields } from '../qrcodes/qrcodes.schemas.js';

const Ids = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
  minItems: 1,
  maxItems: MAX_PRINT_CODES,
  description: `Code ids (qr_...), at most ${MAX_PRINT_CODES}; an id the workspace does not hold makes the call a 404 naming it`,
});

/** The list's filters (GET /qrcodes), as one schema with the list's. */
const Filter = Type.Object(codeFilterBodyFields, {
  additionalProperties: false,
  description: `The list filters of GET /qrcodes; all the codes they select, newest first (at most ${MAX_PRINT_CODES})`,
});

const Cmyk = Type.Optional(
  Type.Boolean({ description: 'pdf and eps in CMYK, pure black as 0/0/0/100 (default false: RGB)' }),
);

export const ZipBody = Type.Object(
  {
    ids: Type.Optional(Ids),
    filter: Type.Optional(Filter),
    format: stringEnum(['svg', 'png', 'pdf', 'eps'] as const, { description: 'The format of every file' }),
    cmyk: Cmyk,
  },
  {
    additionalProperties: false,
    examples: [{ ids: ['qr_01jd0000000000000000000000'], format: 'pdf', cmyk: true }],
  },
);
export type ZipBodyInput = Static<typeof ZipBody>;

export const SheetBody = Type.Object(
  {
    ids: Type.Optional(Ids),
    filter: Type.Optional(Filter),
    paper: Type.Optional(stringEnum(['A4', 'letter'] as const, { default: 'A4' })),
    columns: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, default: 4 })),
    rows: Type.Optional(Type.Integer({ minimum: 1, maximum: 30, default: 5 })),
    sizeMm: Type.Optional(
      Type.Number({
        minimum: 10,
        maximum: 250,
        default: 40,
        description: "Side of each code's square in mm, its quiet zone of at least 4 modules included",
      }),
    ),
    caption: Type.Optional(
      Type.Union([stringEnum(['slug', 'title'] as const), Type.Null()], {
        default: 'slug',
        description: 'A line under each code: its slug, its title (the slug when it has none), or nothing',
      }),
    ),
    cmyk: Cmyk,
  },
  {
    additionalProperties: false,
    examples: [{ filter: { tag: 'spring' }, paper: 'A4', columns: 4, rows: 5, sizeMm: 40, caption: 'slug' }],
  },
);
export type SheetBodyInput = Static<typeof SheetBody>;
