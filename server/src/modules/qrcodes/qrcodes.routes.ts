import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { type TSchema, Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type FieldError, Problem, validationFailed } from '../../shared/problem.js';
import { problemResponses } from '../../shared/problem-schema.js';
import { imageOfDataUrl } from '../assets/assets.image.js';
import { PUBLIC_RATE_LIMITS } from '../plans/plans.js';
import {
  type ImageFormat,
  imageData,
  type RenderedImage,
  VECTOR_CONTENT_TYPES,
  type VectorImage,
} from './qrcodes.images.js';
import { canCreateCode, canDeleteCode, canUpdateCode, canViewCodes } from './qrcodes.permissions.js';
import {
  BulkAnswer,
  BulkChangeAnswer,
  BulkChangeQuery,
  type BulkChangeQueryInput,
  BulkCreateBody,
  BulkDeleteBody,
  type BulkDeleteInput,
  BulkQuery,
  BulkUpdateBody,
  CodeCountSchema,
  type CodeFilterInput,
  CodeFilterQuery,
  CodeListSchema,
  CodeParams,
  CodeSchema,
  CreateCodeBody,
  CreateCodeQuery,
  GetCodeQuery,
  ImageQuery,
  ListQuery,
  PatchCodeBody,
  RenderBody,
  RulesBody,
  VectorImageQuery,
} from './qrcodes.schemas.js';
import type { QrCodesService } from './qrcodes.service.js';
import { findNulCharacter } from './qrcodes.validate.js';

const ImageBody = Type.String({ description: 'The bare image (SVG text or PNG bytes)' });

/** A JSON answer, or the bare image when the caller asked for one. */
function withImages(schema: TSchema) {
  return {
    content: {
      'application/json': { schema },
      'image/svg+xml': { schema: ImageBody },
      'image/png': { schema: ImageBody },
    },
  };
}

/** POST /render's answers: JSON, an image, or a print file. */
function withPrintFiles(schema: TSchema) {
  const answers = withImages(schema);
  return {
    content: {
      ...answers.content,
      'application/pdf': { schema: ImageBody },
      'application/postscript': { schema: ImageBody },
    },
  };
}

type Wanted = 'json' | ImageFormat;

/** `?format=` wins; otherwise the Accept header's best of JSON, SVG and PNG; JSON by default. */
export function negotiate(format: string | undefined, accept: string | undefined): Wanted {
  if (format === 'json' || format === 'svg' || format === 'png') return format;
  if (!accept) return 'json';
  const offers: Record<string, Wanted> = {
    'application/json': 'json',
    'application/*': 'json',
    'image/svg+xml': 'svg',
    'image/png': 'png',
    'image/*': 'svg',
  };
  let best: { wanted: Wanted; q: number } = { wanted: 'json', q: 0 };
  for (const part of accept.split(',')) {
    const [type = '', ...params] = part.trim().toLowerCase().split(';');
    const wanted = offers[type.trim()];
    if (!wanted) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (Number.isFinite(q) && q > best.q) best = { wanted, q };
  }
  return best.wanted;
}

function sendImage(
  reply: FastifyReply,
  image: RenderedImage | VectorImage,
  download = false,
  name = 'qrcode',
) {
  reply
    .type(image.contentType)
    .header('cache-control', 'private, no-cache')
    .header('x-content-type-options', 'nosniff');
  if (download) reply.header('content-disposition', `attachment; filename="${name}.${image.format}"`);
  return reply.send(image.body);
}

/** Whether an If-None-Match header names the ETag (or `*`). */
function ifNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim().replace(/^W\//, '');
    return trimmed === etag || trimmed === '*';
  });
}

/** A signed image (or, undefined, a 304 for the copy the client holds), cached for good. */
function sendImmutable(reply: FastifyReply, etag: string, image: RenderedImage | undefined) {
  reply
    .header('cache-control', 'private, max-age=31536000, immutable')
    .header('etag', etag)
    .header('x-content-type-options', 'nosniff');
  if (!image) return reply.code(304).send();
  return reply.type(image.contentType).send(image.body);
}

const SignedImageParams = Type.Object(
  {
    code: Type.String({ maxLength: 40, description: 'qr_...' }),
    version: Type.String({ maxLength: 40, description: 'A hash of what the image draws' }),
    signature: Type.String({ maxLength: 60, description: "The server's signature of code and version" }),
  },
  { additionalProperties: false },
);

const imageUrl = (id: string, format: ImageFormat) => `/api/v1/qrcodes/${id}/image.${format}`;

type BulkSelection =
  | { ids: string[] }
  | {
      filter: CodeFilterInput;
      cursor: string | undefined;
      limit: number | undefined;
      except: string[] | undefined;
    };

/** A bulk update's or delete's codes: exactly one of `ids` and `filter`; `except` and paging go with a filter. */
function bulkSelectionOf(body: BulkDeleteInput, query: BulkChangeQueryInput): BulkSelection {
  const { ids, filter, except } = body;
  const errors: FieldError[] = [];
  if (ids !== undefined && filter !== undefined)
    errors.push({ path: '/body/filter', message: 'must not be given with ids' });
  if (ids === undefined && filter === undefined)
    errors.push({ path: '/body/ids', message: 'must be given when filter is not' });
  if (filter === undefined && except !== undefined)
    errors.push({ path: '/body/except', message: 'goes with filter only' });
  for (const name of ['cursor', 'limit'] as const)
    if (filter === undefined && query[name] !== undefined)
      errors.push({ path: `/query/${name}`, message: 'goes with filter only' });
  if (errors.length > 0) throw validationFailed(errors);
  if (filter !== undefined) return { filter, cursor: query.cursor, limit: query.limit, except };
  return { ids: ids ?? [] };
}

/** /api/v1/qrcodes and /api/v1/render. */
export async function qrcodesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const service: QrCodesService = app.qrcodes;
  // Over the monthly redirect limit, code reads say so: codes go to their default targets.
  const sayOverLimit = async (request: FastifyRequest, reply: FastifyReply) => {
    if (await app.usage.isOverLimit(request.workspace.id)) reply.header('rq-over-limit', 'true');
  };
  const read = { onRequest: app.authenticate(canViewCodes) };
  const readSayingLimit = { ...read, preHandler: sayOverLimit };

  app.addHook('preHandler', async (request) => {
    const path = findNulCharacter(request.query, '/query') ?? findNulCharacter(request.body, '/body');
    if (path !== null) {
      throw new Problem('validation_failed', `${path}: must not contain NUL characters`, {
        errors: [{ path, message: 'must not contain NUL characters' }],
      });
    }
  });

  app.post(
    '/api/v1/qrcodes',
    {
      config: { job: 'create' },
      onRequest: app.authenticate(canCreateCode),
      preHandler: app.idempotent,
      schema: {
        tags: ['qrcodes'],
        summary: 'Create a QR code',
        description:
          'Answers the code with its `image`; `?format=svg|png` or an `Accept: image/svg+xml|image/png` header answers the bare image. Accepts an `Idempotency-Key` header.',
        querystring: CreateCodeQuery,
        body: CreateCodeBody,
        response: {
          201: withImages(CodeSchema),
          ...problemResponses(400, 401, 402, 403, 404, 409, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const wanted = negotiate(request.query.format, request.headers.accept);
      const imageFormat: ImageFormat = wanted === 'json' ? (request.query.imageFormat ?? 'svg') : wanted;
      const { code, image } = await service.create(request.access, request.body, imageFormat);
      reply.code(201).header('location', `/api/v1/qrcodes/${code.id}`);
      if (wanted !== 'json') return sendImage(reply, image);
      return {
        ...code,
        image: { format: image.format, data: imageData(image), url: imageUrl(code.id, image.format) },
      };
    },
  );

  // --- Bulk (code-bulk.ts): one request of the request budget each, plus its items of the items budget.
  const consumeItems = (request: FastifyRequest, reply: FastifyReply, items: number) => {
    const { keyId } = request.principal;
    const caller = { keyId, userId: request.user?.id };
    return app.rateLimits.consumeItems(reply, request.workspace.id, caller, items);
  };
  const countItems = async (request: FastifyRequest, reply: FastifyReply) =>
    consumeItems(request, reply, (request.body as { items: unknown[] }).items.length);
  /**
   * The codes a bulk update or delete changes: its `ids`, or one call's share of what its
   * `filter` selects, counted against the items budget once known.
   */
  const selectCodes = async (
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<{ ids: string[]; nextCursor: string | null }> => {
    const selection = bulkSelectionOf(request.body as BulkDeleteInput, request.query as BulkChangeQueryInput);
    const selected =
      'ids' in selection
        ? { ids: selection.ids, nextCursor: null }
        : await service.bulkSelection(request.workspace.id, selection.filter, selection);
    await consumeItems(request, reply, selected.ids.length);
    return selected;
  };
  const BULK_SELECTION =
    "Give `ids`, or `filter` (the list filters of GET /qrcodes) and optionally `except` (ids to leave as they are): a call by filter takes the first `limit` (default 1,000) codes it selects, newest first, and its answer's `nextCursor` (null when no code is left) goes on with the next ones as `?cursor=`, with the same body.";
  const BULK_ANSWERS =
    'Answers 200 with one result per item, in the order sent, whether each item succeeded or not: `status` is the item\'s own (201, 200 or 204, or the 4xx its single request would have answered, with its `problem`). With `?atomic=true` any failing item makes the call a 422 (`errors` name every failing field, `items` each failing item\'s problem) and nothing is written. Items count against the items budget of bulk calls (100 times the request rate a minute): over it, a 429 with `Retry-After` and `budget: "items"`. Accepts an `Idempotency-Key` header.';

  app.post(
    '/api/v1/qrcodes/bulk',
    {
      config: { job: 'bulk' },
      onRequest: app.authenticate(canCreateCode),
      preHandler: [app.idempotent, countItems],
      schema: {
        tags: ['qrcodes'],
        summary: 'Create up to 1,000 QR codes',
        description: `Each item is a POST /qrcodes body, checked the same way; its field paths are \`/body/items/{index}/...\`. The codes that would be created count against the workspace's codes limit first: over it, a 402 \`limit_reached\` says how many fit (\`fits\`) and nothing is created. Results carry each code without its \`image\` (its \`imageUrl\` draws it). ${BULK_ANSWERS}`,
        querystring: BulkQuery,
        body: BulkCreateBody,
        response: { 200: BulkAnswer, ...problemResponses(400, 401, 402, 403, 413, 415, 422, 429) },
      },
    },
    async (request) => ({
      data: await service.bulkCreate(request.access, request.body.items, {
        atomic: request.query.atomic === true,
      }),
    }),
  );

  app.post(
    '/api/v1/qrcodes/bulk-update',
    {
      config: { job: 'bulk' },
      onRequest: app.authenticate(canUpdateCode),
      preHandler: app.idempotent,
      schema: {
        tags: ['qrcodes'],
        summary: 'Change up to 1,000 QR codes with one merge patch',
        description: `\`patch\` is applied to each code as PATCH /qrcodes/{id} applies it (field paths \`/body/patch/...\`); a missing or foreign id is that item's 404. ${BULK_SELECTION} ${BULK_ANSWERS}`,
        querystring: BulkChangeQuery,
        body: BulkUpdateBody,
        response: { 200: BulkChangeAnswer, ...problemResponses(400, 401, 403, 409, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const { ids, nextCursor } = await selectCodes(request, reply);
      const data =
        ids.length === 0
          ? []
          : await service.bulkUpdate(request.access, ids, request.body.patch, {
              atomic: request.query.atomic === true,
            });
      return { data, nextCursor };
    },
  );

  app.post(
    '/api/v1/qrcodes/bulk-delete',
    {
      config: { job: 'bulk' },
      onRequest: app.authenticate(canDeleteCode),
      preHandler: app.idempotent,
      schema: {
        tags: ['qrcodes'],
        summary: 'Delete up to 1,000 QR codes',
        description: `Their short URLs stop redirecting at once; a missing or foreign id is that item's 404. ${BULK_SELECTION} ${BULK_ANSWERS}`,
        querystring: BulkChangeQuery,
        body: BulkDeleteBody,
        response: { 200: BulkChangeAnswer, ...problemResponses(400, 401, 403, 413, 415, 422, 429) },
      },
    },
    async (request, reply) => {
      const { ids, nextCursor } = await selectCodes(request, reply);
      const data =
        ids.length === 0
          ? []
          : await service.bulkDelete(request.access, ids, { atomic: request.query.atomic === true });
      return { data, nextCursor };
    },
  );

  app.get(
    '/api/v1/qrcodes',
    {
      ...readSayingLimit,
      schema: {
        tags: ['qrcodes'],
        summary: 'List QR codes',
        description:
          'Newest first, or in the order of `sort`. Filters combine; `q` looks in the title and the slug. Over the monthly redirect limit the answer carries `RQ-Over-Limit: true`.',
        querystring: ListQuery,
        response: { 200: CodeListSchema, ...problemResponses(400, 401, 403, 429) },
      },
    },
    async (request) => service.list(request.workspace.id, request.query),
  );

  app.get(
    '/api/v1/qrcodes/count',
    {
      ...read,
      schema: {
        tags: ['qrcodes'],
        summary: 'Count QR codes',
        description:
          'How many codes pass the same filters as the list (`mode`, `tag`, `hostname`, `q`, `enabled`): a table shows "N codes" and selects all N.',
        querystring: CodeFilterQuery,
        response: { 200: CodeCountSchema, ...problemResponses(400, 401, 403, 429) },
      },
    },
    async (request) => service.count(request.workspace.id, request.query),
  );

  app.get(
    '/api/v1/qrcodes/:id',
    {
      ...readSayingLimit,
      schema: {
        tags: ['qrcodes'],
        summary: 'Get a QR code',
        description:
          '`?include=image` adds the rendered image; `?format=svg|png` or `Accept` answers the bare image. Over the monthly redirect limit the answer carries `RQ-Over-Limit: true` (the code goes to its default target; rules and exec calls are skipped).',
        params: CodeParams,
        querystring: GetCodeQuery,
        response: { 200: withImages(CodeSchema), ...problemResponses(400, 401, 403, 404, 422, 429) },
      },
    },
    async (request, reply) => {
      const workspaceId = request.workspace.id;
      const { id } = request.params;
      const wanted = negotiate(request.query.format, request.headers.accept);
      if (wanted !== 'json') return sendImage(reply, await service.images.of(workspaceId, id, wanted));
      const code = await service.get(workspaceId, id);
      if (request.query.include !== 'image') return code;
      const image = await service.images.of(workspaceId, id, 'svg');
      return {
        ...code,
        image: { format: image.format, data: imageData(image), url: imageUrl(id, image.format) },
      };
    },
  );

  app.patch(
    '/api/v1/qrcodes/:id',
    {
      config: { job: 'update' },
      onRequest: app.authenticate(canUpdateCode),
      schema: {
        tags: ['qrcodes'],
        summary: 'Change a QR code',
        description: 'A JSON merge patch (RFC 7396): omitted fields stay, `null` clears.',
        params: CodeParams,
        body: PatchCodeBody,
        response: { 200: CodeSchema, ...problemResponses(400, 401, 403, 404, 409, 413, 415, 422, 429) },
      },
    },
    async (request) => service.update(request.access, request.params.id, request.body),
  );

  app.delete(
    '/api/v1/qrcodes/:id',
    {
      config: { job: 'delete' },
      onRequest: app.authenticate(canDeleteCode),
      schema: {
        tags: ['qrcodes'],
        summary: 'Delete a QR code',
        description: 'Its short URL stops redirecting at once.',
        params: CodeParams,
        response: { 204: Type.Null({ description: 'Deleted' }), ...problemResponses(401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      await service.delete(request.access, request.params.id);
      return reply.code(204).send(null);
    },
  );

  const RulesAnswer = Type.Object({ rules: Type.Array(Type.String()) });

  app.get(
    '/api/v1/qrcodes/:id/rules',
    {
      ...read,
      schema: {
        tags: ['qrcodes'],
        summary: "A QR code's rules, in order",
        params: CodeParams,
        response: { 200: RulesAnswer, ...problemResponses(401, 403, 404, 429) },
      },
    },
    async (request) => ({ rules: await service.rules.get(request.workspace.id, request.params.id) }),
  );

  app.put(
    '/api/v1/qrcodes/:id/rules',
    {
      onRequest: app.authenticate(canUpdateCode),
      schema: {
        tags: ['qrcodes'],
        summary: "Replace a QR code's rules",
        description:
          'The first enabled rule that matches a scan decides; no match sends the scan to the default target.',
        params: CodeParams,
        body: RulesBody,
        response: { 200: RulesAnswer, ...problemResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => ({
      rules: await service.rules.set(request.access, request.params.id, request.body.rules),
    }),
  );

  for (const format of ['svg', 'png'] as const) {
    app.get(
      `/api/v1/qrcodes/:id/image.${format}`,
      {
        ...read,
        config: { job: 'image' },
        schema: {
          tags: ['qrcodes'],
          summary: `The QR code as ${format.toUpperCase()}`,
          description:
            'Rendered with the stored style; query values override it for this image only. Every image is verified by a decoder.',
          params: CodeParams,
          querystring: ImageQuery,
          response: {
            200: { content: { [format === 'svg' ? 'image/svg+xml' : 'image/png']: { schema: ImageBody } } },
            ...problemResponses(400, 401, 403, 404, 422, 429),
          },
        },
      },
      async (request, reply) => {
        const workspaceId = request.workspace.id;
        const { id } = request.params;
        const { download, ...overrides } = request.query;
        const image = await service.images.of(workspaceId, id, format, overrides);
        return sendImage(reply, image, download === true, id);
      },
    );
  }

  for (const format of ['pdf', 'eps'] as const) {
    app.get(
      `/api/v1/qrcodes/:id/image.${format}`,
      {
        ...read,
        config: { job: 'print' },
        schema: {
          tags: ['qrcodes'],
          summary: `The QR code as ${format.toUpperCase()} for print`,
          description:
            'Vector, with the stored style (query values override it as for image.svg); a quiet zone of at least 4 modules; `size` in px at 96 px an inch sets the width (0.75 pt a px). `?cmyk=true` writes CMYK colours, pure black as 0/0/0/100. The design is verified by a decoder first.',
          params: CodeParams,
          querystring: VectorImageQuery,
          response: {
            200: { content: { [VECTOR_CONTENT_TYPES[format]]: { schema: ImageBody } } },
            ...problemResponses(400, 401, 403, 404, 422, 429),
          },
        },
      },
      async (request, reply) => {
        const { download, cmyk, ...overrides } = request.query;
        const image = await service.images.vectorOf(
          request.workspace.id,
          request.params.id,
          format,
          overrides,
          cmyk === true,
        );
        return sendImage(reply, image, download === true, request.params.id);
      },
    );
  }

  // Signed image URLs (a code's `imageUrl`): no credentials, since an <img> cannot send them; the
  // signature is the credential, and the URL names the image's content, so it is cached for good.
  for (const format of ['svg', 'png'] as const) {
    app.get(
      `/api/v1/images/:code/:version/:signature.${format}`,
      {
        config: { rateLimit: { max: PUBLIC_RATE_LIMITS.images, name: 'images' }, job: 'image' },
        schema: {
          tags: ['qrcodes'],
          summary: `A code's image as ${format.toUpperCase()} at its signed URL`,
          description:
            "The URL comes from a code's `imageUrl` (`.png` in place of `.svg` for the PNG); it needs no credentials. The answer is immutable (`Cache-Control: private, max-age=31536000, immutable`, an `ETag`, 304 to `If-None-Match`): a code whose image changes gets a new URL. A URL this server did not sign, of a deleted code, or of a code whose image has changed since is a 404.",
          params: SignedImageParams,
          response: {
            200: { content: { [format === 'svg' ? 'image/svg+xml' : 'image/png']: { schema: ImageBody } } },
            304: Type.Null({ description: 'Not modified: the copy the client holds is the image' }),
            ...problemResponses(404, 429),
          },
        },
      },
      async (request, reply) => {
        const etag = `"${request.params.version}.${format}"`;
        const cached = ifNoneMatch(request.headers['if-none-match'], etag);
        const image = await service.images.signed(request.params, format, !cached);
        return sendImmutable(reply, etag, image);
      },
    );
  }

  app.post(
    '/api/v1/render',
    {
      config: { rateLimit: { max: PUBLIC_RATE_LIMITS.render, name: 'render' }, job: 'image' },
      schema: {
        tags: ['qrcodes'],
        summary: 'Render a design (public)',
        description:
          'Renders and verifies `data` with a style, without storing anything. `format: "pdf"|"eps"` answers a print file (vector, a quiet zone of at least 4 modules; `cmyk: true` for CMYK with pure black as 0/0/0/100). Public and limited per IP. Logos must be `data:` URLs here, at most 512 KiB (413) and a PNG, JPEG, WebP or SVG image (415).',
        body: RenderBody,
        response: {
          200: withPrintFiles(Type.Object({ format: Type.String(), data: Type.String() })),
          ...problemResponses(400, 413, 415, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { data, style, format } = request.body;
      const logo = (style as { logo?: { src?: unknown } | null } | undefined)?.logo;
      if (typeof logo?.src === 'string') {
        if (!/^data:/i.test(logo.src)) {
          throw new Problem('validation_failed', 'The render endpoint takes logos as data: URLs only.', {
            errors: [{ path: '/body/style/logo/src', message: 'must be a data: URL here' }],
          });
        }
        // Nothing is stored here, but a logo is held to the same limits as everywhere (413, 415).
        imageOfDataUrl(logo.src, '/body/style/logo/src');
      }
      const paths = { data: '/body/data', style: '/body/style' };
      if (format === 'pdf' || format === 'eps') {
        return sendImage(
          reply,
          await service.images.oneOffVector(data, style ?? {}, format, paths, request.body.cmyk === true),
        );
      }
      const image = await service.images.oneOff(data, style ?? {}, format === 'png' ? 'png' : 'svg', paths);
      if (format === 'json') return { format: image.format, data: imageData(image) };
      return sendImage(reply, image);
    },
  );
}
