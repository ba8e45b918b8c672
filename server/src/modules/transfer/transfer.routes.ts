import { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fieldErrorsOf } from '../../plugins/errors.js';
import { sendAttachment } from '../../shared/attachment.js';
import { problemResponses } from '../../shared/problem-schema.js';
import { canCreateCode, canViewCodes } from '../qrcodes/qrcodes.permissions.js';
import { CreateCodeBody } from '../qrcodes/qrcodes.schemas.js';
import { RuleCreateBody } from '../rules/rules.schemas.js';
import {
  ExportCsvSchema,
  ExportJsonSchema,
  ExportQuery,
  ImportBody,
  ImportQuery,
  ImportRefusalSchema,
  ImportReportSchema,
} from './transfer.schemas.js';
import type { ShapeCheck, TransferService } from './transfer.service.js';

/** An import file of 10,000 rows with styles runs to several MB; other routes keep the app's limit. */
export const IMPORT_BODY_LIMIT = 32 * 1024 * 1024;

/** POST /api/v1/qrcodes/import, GET /api/v1/qrcodes/export.csv and export.json. */
export async function transferRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const service: TransferService = app.transfer;

  // CSV files are read as text here only (the app answers 415 to text bodies elsewhere).
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/v1/qrcodes/import',
    {
      config: { job: 'import' },
      onRequest: app.authenticate(canCreateCode),
      preHandler: app.idempotent,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags: ['qrcodes'],
        summary: 'Import codes from a file',
        description: `Reads our export (CSV or JSON) or a peer's (Bitly, Shlink, Kutt, YOURLS), checks every row as a create would and creates the codes, with the rules the file carries; \`dryRun=true\` checks every row and writes nothing. An import is all or nothing: a row's problem makes it a 422 \`unprocessable\` that names every failing row (\`errors\` by \`/rows/{row}/{field}\`, \`failedRows\` each row's problem) and nothing is created, no rule either. \`atomic=false\` asks for one result per row instead: the rows that pass are created and the others reported. Slugs are kept where free and reported where taken; a hostname is kept when it is a verified hostname of the workspace, otherwise the code is on the primary short host (\`hostnamesReplaced\`, and each such row in \`changes\`). At most 10,000 rows and 32 MiB. See the docs page "Import and export".`,
        querystring: ImportQuery,
        body: ImportBody,
        response: {
          200: ImportReportSchema,
          ...problemResponses(400, 401, 402, 403, 413, 415, 429),
          422: ImportRefusalSchema,
        },
      },
    },
    async (request) => {
      const format = request.query.format ?? (typeof request.body === 'string' ? 'csv' : 'json');
      if (format === 'gs1-resolver' || format === 'gs1-csv' || format === 'gs1-linkset') {
        return service.importGs1(request.access, format, request.body, {
          dryRun: request.query.dryRun ?? false,
          atomic: request.query.atomic ?? true,
        });
      }
      return service.import(request.access, {
        format,
        body: request.body,
        dryRun: request.query.dryRun ?? false,
        atomic: request.query.atomic ?? true,
        checkShape: shapeCheck(request.compileValidationSchema(CreateCodeBody)),
        checkRuleShape: shapeCheck(request.compileValidationSchema(RuleCreateBody)),
      });
    },
  );

  for (const format of ['csv', 'json'] as const) {
    const mediaType = format === 'csv' ? 'text/csv' : 'application/json';
    app.get(
      `/api/v1/qrcodes/export.${format}`,
      {
        config: { job: 'export' },
        onRequest: app.authenticate(canViewCodes),
        schema: {
          tags: ['qrcodes'],
          summary: `Export codes as ${format.toUpperCase()}`,
          description: `Every code of the workspace (the list's filters apply), with all it takes to import it again: rules as their definitions, the style's logo inline, a password as its stored hash (\`passwordHash\`, opaque; import accepts it). Streamed, newest first.`,
          querystring: ExportQuery,
          response: {
            200: {
              content: {
                [mediaType]: { schema: format === 'csv' ? ExportCsvSchema : ExportJsonSchema },
              },
            },
            ...problemResponses(400, 401, 403, 429),
          },
        },
      },
      async (request, reply) => {
        // The first page is read before the answer starts, so a refused query is still a problem
        // answer; only a failure in a later page can cut the stream.
        const lines = await startedLines(service.exportLines(request.workspace.id, request.query, format));
        reply.header('cache-control', 'private, no-store');
        // The stream is the body; the response schema only documents it.
        return sendAttachment(
          reply,
          `${mediaType}; charset=utf-8`,
          `qrcodes.${format}`,
          Readable.from(lines),
        );
      },
    );
  }
}

/** A route's compiled body validator as a check that answers field errors (paths from the body's root). */
function shapeCheck(validate: ReturnType<FastifyRequest['compileValidationSchema']>): ShapeCheck {
  return (candidate) => (validate(candidate) ? [] : fieldErrorsOf(validate.errors ?? [], ''));
}

/** The lines with the first one already read (a query the first page refuses throws here). */
async function startedLines(lines: AsyncGenerator<string>): Promise<AsyncGenerator<string>> {
  const first = await lines.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* lines;
  })();
}
