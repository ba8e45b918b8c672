import { type Static, Type } from '@sinclair/typebox';
import { ASSET_MAX_BYTES, ASSET_TYPES } from './assets.image.js';

export const AssetSchema = Type.Object(
  {
    id: Type.String({ examples: ['ast_01jdx0m6r4c5zk2d9w1v8t7q3n'] }),
    url: Type.String({
      description: 'Where the image is read (public); put it in `style.logo.src`',
      examples: ['/api/v1/assets/ast_01jdx0m6r4c5zk2d9w1v8t7q3n'],
    }),
    contentType: Type.Union(
      ASSET_TYPES.map((type) => Type.Literal(type)),
      { description: 'Sniffed from the bytes, not taken from the request' },
    ),
    bytes: Type.Integer({ description: 'Size of the stored image (an SVG as sanitised)' }),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);

/** A 1x1 transparent PNG: the smallest image that stores, for the examples. */
const PIXEL_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

/** The JSON form of an upload, for callers that hold the image as a data: URL already. */
export const CreateAssetJsonBody = Type.Object(
  {
    src: Type.String({
      minLength: 1,
      maxLength: 3_000_000,
      description: `A data: URL of a PNG, JPEG, WebP or SVG image, at most ${ASSET_MAX_BYTES / 1024} KiB decoded`,
    }),
  },
  { additionalProperties: false, examples: [{ src: PIXEL_PNG }] },
);
export type CreateAssetJsonInput = Static<typeof CreateAssetJsonBody>;

/** A raw image body: documented, not validated (the bytes are checked by sniffing). */
export const ImageBytes = Type.Unsafe<Buffer>({
  description: `The image itself, at most ${ASSET_MAX_BYTES / 1024} KiB`,
  contentMediaType: 'application/octet-stream',
});

export const AssetIdParams = Type.Object({
  assetId: Type.String({ description: 'The asset id (ast_...)', maxLength: 64 }),
});
