import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendAttachment } from '../../shared/attachment.js';
import { validationFailed } from '../../shared/problem.js';
import { problemResponses } from '../../shared/problem-schema.js';
import type { PrintSelection } from '../qrcodes/code-prints.js';
import { canViewCodes } from '../qrcodes/qrcodes.permissions.js';
import type { CodeFilterInput } from '../qrcodes/qrcodes.schemas.js';
import { SheetBody, ZipBody } from './printing.schemas.js';
import type { PrintingService, PrintStream } from './printing.service.js';

const FileBody = Type.String({ description: 'The file, streamed' });

/** Exactly one of `ids` and `filter`. */
function selectionOf(body: {
  ids?: string[] | undefined;
  filter?: CodeFilterInput | undefined;
}): PrintSelection {
  const { ids, filter } = body;
  if (ids !== undefined && filter !== undefined) {
    throw validationFailed([{ path: '/body/filter', message: 'give ids or filter, not both' }]);
  }
  if (ids !== undefined) return { ids };
  if (filter !== undefined) return { filter };
  throw validationFailed([{ path: '/body/ids', message: 'give ids or filter' }]);
}

function sendFile(reply: FastifyReply, file: PrintStream, contentType: string) {
  reply.header('cache-control', 'private, no-store').header('rq-code-count', String(file.count));
  return sendAttachment(reply, contentType, file.filename, file.stream);
}

/** POST /api/v1/qrcodes/images.zip and /api/v1/qrcodes/sheet.pdf. */
export async function printingRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const service: PrintingService = app.printing;
  const read = { onRequest: app.authenticate(canViewCodes) };

  app.post(
    '/api/v1/qrcodes/images.zip',
    {
      config: { job: 'print' },
      ...read,
      schema: {
        tags: ['qrcodes'],
        summary: "Many codes' images as a ZIP",
        description:
          'One file per code, named by its slug (`hostname/slug.ext` when codes on different hostnames share a slug), drawn with its stored style. Give `ids` (at most 10,000; an id the workspace does not hold is a 404 naming it, and nothing is written) or `filter` (the list filters of GET /qrcodes). The ZIP streams as it is drawn; `RQ-Code-Count` says how many codes it holds.',
        body: ZipBody,
        response: {
          200: { content: { 'application/zip': { schema: FileBody } } },
          ...problemResponses(400, 401, 403, 404, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { format, cmyk } = request.body;
      const file = await service.zip(request.workspace.id, selectionOf(request.body), format, cmyk === true);
      return sendFile(reply, file, 'application/zip');
    },
  );

  app.post(
    '/api/v1/qrcodes/sheet.pdf',
    {
      config: { job: 'print' },
      ...read,
      schema: {
        tags: ['qrcodes'],
        summary: 'Print sheets of many codes (PDF)',
        description:
          'Vector pages of A4 or Letter with a grid of `columns` x `rows` codes, each in a square of `sizeMm` that holds its quiet zone (at least 4 modules), with an optional caption under it; as many pages as the codes need. A grid that does not fit the paper (10 mm margins) is a 422 naming the fields. Selection as for images.zip. The PDF streams page by page.',
        body: SheetBody,
        response: {
          200: { content: { 'application/pdf': { schema: FileBody } } },
          ...problemResponses(400, 401, 403, 404, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const file = await service.sheet(
        request.workspace.id,
        selectionOf(body),
        {
          paper: body.paper ?? 'A4',
          columns: body.columns ?? 4,
          rows: body.rows ?? 5,
          sizeMm: body.sizeMm ?? 40,
          caption: body.caption === undefined ? 'slug' : body.caption,
        },
        body.cmyk === true,
      );
      return sendFile(reply, file, 'application/pdf');
    },
  );
}
