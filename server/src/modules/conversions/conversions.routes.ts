import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { fieldErrorsOf } from '../../plugins/errors.js';
import { Problem } from '../../shared/problem.js';
import { problemResponses } from '../../shared/problem-schema.js';
import { parseCsv } from '../transfer/csv.js';
import {
  canChangeConversionSettings,
  canKeepWinner,
  canReportConversions,
  canViewConversions,
  canViewExperiments,
} from './conversions.permissions.js';
import {
  BULK_MAX_ROWS,
  BulkJsonBody,
  BulkQuery,
  BulkResult,
  Conversion,
  ConversionCreateBody,
  ConversionList,
  ConversionListQuery,
  ConversionSettings,
  ConversionSettingsPatch,
  Experiment,
  ExperimentList,
  ExperimentParams,
  KeepWinnerBody,
} from './conversions.schemas.js';

const BULK_BODY_LIMIT = 8 * 1024 * 1024;

/** /api/v1/conversions (report, bulk, list, settings) and the experiments of split rules. */
export async function conversionsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const service = app.conversions;
  const experiments = app.experiments;

  // CSV uploads are read as text here only (the app answers 415 to text bodies elsewhere).
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/v1/conversions',
    {
      onRequest: app.authenticate(canReportConversions),
      schema: {
        tags: ['conversions'],
        summary: 'Report a conversion',
        description:
          "Credits a lead, sale or conversion type of your own to the scan whose id (`rq_id`) the target received: to its code, rule, split variant, hostname, country, device and day, where analytics and experiments count it. Idempotent by `externalId`: the same externalId with the same fields answers the stored conversion with 200 (201 when created); with other fields it is a 409. An id that is no scan of this workspace (unknown, or another workspace's: the answers are the same) is a 422 `scan_unknown`; a scan older than the workspace's attribution window (`windowDays`, 30 by default) at `occurredAt` is a 422 `scan_expired`. A `sale` needs `amount` (minor units) and an ISO 4217 `currency`. `customer` is stored only as a keyed hash. Sends the webhook event `conversion.created`.",
        body: ConversionCreateBody,
        response: {
          200: Conversion,
          201: Conversion,
          ...problemResponses(400, 401, 403, 409, 422, 429),
        },
      },
    },
    async (request, reply) => {
      const { conversion, created } = await service.create(request.access, request.body);
      return reply.code(created ? 201 : 200).send(conversion);
    },
  );

  app.post(
    '/api/v1/conversions/bulk',
    {
      onRequest: app.authenticate(canReportConversions),
      bodyLimit: BULK_BODY_LIMIT,
      schema: {
        tags: ['conversions'],
        summary: 'Report many conversions (JSON or CSV)',
        description: `For back-office uploads: \`{ "items": [...] }\` (each item as POST /conversions takes it) or a \`text/csv\` file whose header names the same fields (scanId,type,amount,currency,externalId,occurredAt,customer). Every row is checked on its own: the good rows are stored, each refused row is listed in \`errors\` with its problem (field paths \`/items/<row>/<field>\`, row 0 being the first item or the first line after the header). Rows whose externalId is stored with the same fields count as \`existing\`. \`dryRun=true\` checks every row and stores nothing. At most ${BULK_MAX_ROWS} rows.`,
        querystring: BulkQuery,
        body: {
          content: {
            'application/json': { schema: BulkJsonBody },
            'text/csv': {
              schema: {
                type: 'string',
                description: `A CSV file with a header line; at most ${BULK_MAX_ROWS} rows`,
              },
            },
          },
        },
        response: { 200: BulkResult, ...problemResponses(400, 401, 403, 413, 415, 429) },
      },
    },
    async (request) => {
      const body = request.body as string | { items: unknown[] };
      const items = typeof body === 'string' ? csvItems(body) : body.items;
      const validate = request.compileValidationSchema(ConversionCreateBody);
      return service.bulk(request.access, items, {
        dryRun: request.query.dryRun ?? false,
        checkShape: (item, path) => (validate(item) ? [] : fieldErrorsOf(validate.errors ?? [], path)),
      });
    },
  );

  app.get(
    '/api/v1/conversions',
    {
      onRequest: app.authenticate(canViewConversions),
      schema: {
        tags: ['conversions'],
        summary: 'List conversions',
        description: 'Newest first, a page at a time: pass `nextCursor` back as `cursor`.',
        querystring: ConversionListQuery,
        response: { 200: ConversionList, ...problemResponses(400, 401, 403, 429) },
      },
    },
    async (request) => service.list(request.workspace.id, request.query),
  );

  app.get(
    '/api/v1/conversions/settings',
    {
      onRequest: app.authenticate(canViewConversions),
      schema: {
        tags: ['conversions'],
        summary: 'Get the conversion settings',
        description:
          "The workspace's attribution default (whether codes without their own `attribution` hand targets the scan id, and under which parameter) and its attribution window in days.",
        response: { 200: ConversionSettings, ...problemResponses(401, 403, 429) },
      },
    },
    async (request) => service.settings(request.workspace.id),
  );

  app.patch(
    '/api/v1/conversions/settings',
    {
      onRequest: app.authenticate(canChangeConversionSettings),
      schema: {
        tags: ['conversions'],
        summary: 'Change the conversion settings',
        description:
          'A JSON merge patch. Codes without their own `attribution` follow the default at once; an audit event `conversion_settings.updated` records the change.',
        body: ConversionSettingsPatch,
        response: { 200: ConversionSettings, ...problemResponses(400, 401, 403, 429) },
      },
    },
    async (request) => service.updateSettings(request.access, request.body),
  );

  app.get(
    '/api/v1/experiments',
    {
      onRequest: app.authenticate(canViewExperiments),
      schema: {
        tags: ['experiments'],
        summary: 'List experiments',
        description:
          'Every split rule of the workspace, read as an experiment (see GET /rules/{id}/experiment).',
        response: { 200: ExperimentList, ...problemResponses(401, 403, 429) },
      },
    },
    async (request) => experiments.list(request.workspace.id),
  );

  app.get(
    '/api/v1/rules/:id/experiment',
    {
      onRequest: app.authenticate(canViewExperiments),
      schema: {
        tags: ['experiments'],
        summary: 'Get a split rule’s experiment',
        description:
          'Per variant (0 is the control): scans, distinct scanners, conversions, the rate (per scanner for a sticky split, per scan otherwise), revenue per currency, and the difference to the control with its 95% interval; and a verdict in words ("B converts better, 95% sure", "not enough data yet: about N more scans"). A rule that does not split is a 404.',
        params: ExperimentParams,
        response: { 200: Experiment, ...problemResponses(401, 403, 404, 429) },
      },
    },
    async (request) => experiments.get(request.workspace.id, request.params.id),
  );

  app.post(
    '/api/v1/rules/:id/experiment/keep-winner',
    {
      onRequest: app.authenticate(canKeepWinner),
      schema: {
        tags: ['experiments'],
        summary: 'Keep the winner',
        description:
          "Rewrites the split so everyone is sent to `variant` (its weight 100, the others 0: the experiment stays readable) and records the audit event `experiment.winner_kept` beside the rule's `rule.updated`. Codes using the rule follow at once.",
        params: ExperimentParams,
        body: KeepWinnerBody,
        response: { 200: Experiment, ...problemResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => experiments.keepWinner(request.access, request.params.id, request.body.variant),
  );
}

const NUMBER_FIELDS = new Set(['amount']);

/** A CSV upload's rows as items (empty cells left out; `amount` read as a number when it is one). */
function csvItems(text: string): unknown[] {
  const table = parseCsv(text);
  if (table.rows.length > BULK_MAX_ROWS) {
    throw new Problem('payload_too_large', `At most ${BULK_MAX_ROWS} rows in one upload.`);
  }
  return table.rows.map((cells) => {
    const item: Record<string, unknown> = {};
    table.header.forEach((name, i) => {
      const cell = cells[i]?.trim() ?? '';
      if (cell === '') return;
      item[name] = NUMBER_FIELDS.has(name) && /^-?\d+$/.test(cell) ? Number(cell) : cell;
    });
    return item;
  });
}
