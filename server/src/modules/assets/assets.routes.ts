import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Problem } from '../../shared/problem.js';
import { ProblemSchema, problemResponses } from '../../shared/problem-schema.js';
import { ASSET_MAX_BYTES, ASSET_TYPES, imageOfDataUrl, imageTooLarge, notAnImage } from './assets.image.js';
import { canUploadAsset } from './assets.permissions.js';
import {
  AssetIdParams,
  AssetSchema,
  CreateAssetJsonBody,
  type CreateAssetJsonInput,
  ImageBytes,
} from './assets.schemas.js';
import type { AssetsService } from './assets.service.js';

/** An image body, read up to the cap: a longer one is refused as it arrives, not after. */
async function readImageBody(request: FastifyRequest, payload: AsyncIterable<Buffer>): Promise<Buffer> {
  const declared = Number(request.headers['content-length']);
  if (declared > ASSET_MAX_BYTES) throw imageTooLarge(declared, '/body');
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of payload) {
    total += chunk.length;
    if (total > ASSET_MAX_BYTES) throw imageTooLarge(total, '/body');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}

const ACCEPTED = `Content-Type ${ASSET_TYPES.join(', ')} with the image as the body, or application/json with { "src": "data:image/..." }`;

/** Every image type (and JSON), so the OpenAPI document shows how to send each. */
function uploadBody() {
  const images = Object.fromEntries(ASSET_TYPES.map((type) => [type, { schema: ImageBytes }]));
  return { content: { 'application/json': { schema: CreateAssetJsonBody }, ...images } };
}

/** Answers for the bytes of an asset, by type. */
function imageAnswers() {
  return { content: Object.fromEntries(ASSET_TYPES.map((type) => [type, { schema: ImageBytes }])) };
}

/**
 * Public reads of an image: it never changes under its id (a change is a new asset), so caches may
 * keep it for a year. An SVG is served sanitised and under a policy that runs nothing.
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox";

/** /api/v1/assets: images (logos) stored once and used by URL in `style.logo.src`. */
export async function assetsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const service: AssetsService = app.assets;

  // Image bodies are this context's own media types; anything else but JSON is a 415 that says what is taken.
  app.addContentTypeParser([...ASSET_TYPES], (request, payload, done) => {
    readImageBody(request, payload).then((body) => done(null, body), done);
  });
  app.addContentTypeParser('*', (request, _payload, done) => {
    const sent = request.headers['content-type']?.split(';')[0]?.trim() || 'none';
    done(notAnImage(`Content-Type ${sent} is not taken here: send ${ACCEPTED}.`), undefined);
  });

  app.post<{ Body: Buffer | CreateAssetJsonInput }>(
    '/api/v1/assets',
    {
      onRequest: app.authenticate(canUploadAsset),
      preHandler: app.idempotent,
      schema: {
        tags: ['assets'],
        summary: 'Store an image (a logo)',
        description: `Stores a PNG, JPEG, WebP or SVG image of at most ${ASSET_MAX_BYTES / 1024} KiB once, for \`style.logo.src\`: send ${ACCEPTED}. The type is read from the bytes; an SVG is sanitised. 201 with the new asset, or 200 with the account's asset that already holds the same bytes. Over the cap is a 413, anything that is no such image a 415. Accepts an \`Idempotency-Key\` header.`,
        body: uploadBody(),
        response: {
          200: AssetSchema,
          201: AssetSchema,
          ...problemResponses(400, 401, 403, 413, 415, 429),
        },
      },
    },
    async (request, reply) => {
      const { body } = request;
      // No body at all (and so no Content-Type) reaches here unparsed.
      if (!Buffer.isBuffer(body) && typeof body?.src !== 'string') {
        throw notAnImage(`The body is empty: send ${ACCEPTED}.`, '/body');
      }
      const bytes = Buffer.isBuffer(body) ? body : imageOfDataUrl(body.src, '/body/src').bytes;
      const path = Buffer.isBuffer(body) ? '/body' : '/body/src';
      const { asset, created } = await service.store(request.access, bytes, path);
      if (created) reply.code(201).header('location', asset.url);
      return asset;
    },
  );

  app.get(
    '/api/v1/assets/:assetId',
    {
      schema: {
        tags: ['assets'],
        summary: 'Read an image (public)',
        description:
          'The stored bytes, by the unguessable id in the asset URL: public, so the URL works in `style.logo.src`, in an `<img>` and in any cache (immutable, one year). Limited per IP like every public answer.',
        params: AssetIdParams,
        response: {
          200: imageAnswers(),
          304: { description: 'Not modified', type: 'null' },
          404: ProblemSchema,
        },
      },
    },
    async (request, reply) => {
      const asset = await service.read(request.params.assetId);
      if (!asset) throw new Problem('not_found', 'No asset with that id exists.');
      const etag = `"${asset.sha256}"`;
      reply
        .header('cache-control', IMMUTABLE)
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff');
      if (asset.contentType === 'image/svg+xml') reply.header('content-security-policy', SVG_POLICY);
      if (request.headers['if-none-match'] === etag) return reply.code(304).send();
      return reply.type(asset.contentType).send(asset.data);
    },
  );
}
