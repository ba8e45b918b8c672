import { Readable } from 'node:stream';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { sendAttachment } from '../../shared/attachment.js';
import { problemResponses } from '../../shared/problem-schema.js';
import { canViewAnalytics } from './analytics.permissions.js';
import {
  Breakdown,
  BreakdownQuery,
  DASHBOARD_DIMENSIONS,
  Dashboard,
  DashboardQuery,
  StreamQuery,
  Summary,
  SummaryQuery,
  Timeseries,
  TimeseriesQuery,
} from './analytics.schemas.js';
import type { AnalyticsService } from './analytics.service.js';

/** /api/v1/analytics: totals, time series and breakdowns of the account's scans. */
export async function analyticsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const service: AnalyticsService = app.analytics;
  const read = app.authenticate(canViewAnalytics);

  app.get(
    '/api/v1/analytics/summary',
    {
      onRequest: read,
      schema: {
        tags: ['analytics'],
        summary: 'Totals and uniques',
        description:
          'Scans, unique visitors and bot scans in the range, and the same for the period of equal length just before it (`previous`).',
        querystring: SummaryQuery,
        response: { 200: Summary, ...problemResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => service.summary(request.workspace.id, request.query),
  );

  app.get(
    '/api/v1/analytics/timeseries',
    {
      onRequest: read,
      schema: {
        tags: ['analytics'],
        summary: 'Scans over time',
        description:
          'One point per hour, day, week (ISO, Monday) or month of the range in `timeZone`, empty ones as zeros; a day of a DST change has 23 or 25 hours.',
        querystring: TimeseriesQuery,
        response: { 200: Timeseries, ...problemResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => service.timeseries(request.workspace.id, request.query),
  );

  app.get(
    '/api/v1/analytics/breakdown',
    {
      onRequest: read,
      schema: {
        tags: ['analytics'],
        summary: 'Scans by a dimension',
        description: 'The values of one dimension in the range, most scanned first.',
        querystring: BreakdownQuery,
        response: { 200: Breakdown, ...problemResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) => service.breakdown(request.workspace.id, request.query),
  );

  app.get(
    '/api/v1/analytics/dashboard',
    {
      onRequest: read,
      schema: {
        tags: ['analytics'],
        summary: 'Totals, series and breakdowns in one answer',
        description:
          'What /analytics/summary, /analytics/timeseries and one /analytics/breakdown per `by` answer for the same query, computed together for one range (one request: a dashboard costs one call of the rate limit). `from`, `to` and `timeZone` say the range every part was computed for. An interval too fine for the range leaves `timeseries` null and says why in `timeseriesProblem`; the rest is answered.',
        querystring: DashboardQuery,
        response: { 200: Dashboard, ...problemResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request) =>
      service.dashboard(request.workspace.id, {
        ...request.query,
        by: request.query.by ?? DASHBOARD_DIMENSIONS,
      }),
  );

  // A stream or a string of text/csv: not serialised, so the schema only documents it.
  const csv = {
    description: 'CSV (RFC 4180), a header line first; Content-Disposition names the file',
    content: { 'text/csv': { schema: { type: 'string' } } },
  };

  app.get(
    '/api/v1/analytics/export.csv',
    {
      config: { job: 'export' },
      onRequest: read,
      schema: {
        tags: ['analytics'],
        summary: 'Every scan as CSV',
        description:
          'One line per scan in the range, oldest first, streamed: time (in `timeZone`), qrcode, slug, title, hostname, rule, ruleName, target, country, region, device, os, browser, language, referrer, bot, visitor (the daily-salted visitor hash; addresses are never stored). Raw scans are kept for the retention period (SCAN_RETENTION_DAYS, default 90 days); the other endpoints read rollups kept forever.',
        querystring: SummaryQuery,
        response: { 200: csv, ...problemResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const download = await service.csvExport(request.workspace.id, request.query);
      return sendAttachment(
        reply,
        'text/csv; charset=utf-8',
        download.fileName,
        Readable.from(download.body),
      );
    },
  );

  app.get(
    '/api/v1/analytics/timeseries.csv',
    {
      onRequest: read,
      schema: {
        tags: ['analytics'],
        summary: 'Scans over time as CSV',
        description: 'The points of /analytics/timeseries: t, total, unique, bots.',
        querystring: TimeseriesQuery,
        response: { 200: csv, ...problemResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const download = await service.timeseriesCsv(request.workspace.id, request.query);
      return sendAttachment(reply, 'text/csv; charset=utf-8', download.fileName, download.body);
    },
  );

  app.get(
    '/api/v1/analytics/breakdown.csv',
    {
      onRequest: read,
      schema: {
        tags: ['analytics'],
        summary: 'Scans by a dimension as CSV',
        description:
          'The rows of /analytics/breakdown: the dimension (by=qrcode adds slug and title, by=rule ruleName), total, unique, bots.',
        querystring: BreakdownQuery,
        response: { 200: csv, ...problemResponses(400, 401, 403, 404, 429) },
      },
    },
    async (request, reply) => {
      const download = await service.breakdownCsv(request.workspace.id, request.query);
      return sendAttachment(reply, 'text/csv; charset=utf-8', download.fileName, download.body);
    },
  );

  app.get(
    '/api/v1/analytics/stream',
    {
      onRequest: read,
      schema: {
        tags: ['analytics'],
        summary: 'Scans as they happen (server-sent events)',
        description:
          'A text/event-stream: an event `scan` for each scan of the account once it is stored (within a second), with `data` a JSON object (at, qrcode, hostname, rule, target, country, region, device, os, browser, language, referrer, bot), an event `conversion` for each conversion reported (the conversion as POST /conversions answers it), and an event `heartbeat` every `heartbeat` seconds. Works across instances when Redis is configured. Browsers send the Authorization header with fetch; EventSource cannot.',
        querystring: StreamQuery,
        response: {
          // The reply is hijacked (never serialised): this only tells readers of the API what comes.
          200: {
            description: 'Server-sent events',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          },
          ...problemResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const { query } = request;
      const codes = await service.streamCodes(request.workspace.id, query);
      const stopWatching = await service.watchLive(request.workspace.id);
      reply.hijack();
      const response = reply.raw;
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive',
        // Proxies (nginx) must pass events on at once, not buffer them.
        'x-accel-buffering': 'no',
        'x-content-type-options': 'nosniff',
      });
      response.write('retry: 3000\n: connected\n\n');
      const remove = service.live.add({
        workspaceId: request.workspace.id,
        codes: codes ? new Set(codes) : undefined,
        bots: query.bots ?? false,
        response,
      });
      const heartbeat = setInterval(
        () =>
          response.write(`event: heartbeat\ndata: ${JSON.stringify({ at: new Date().toISOString() })}\n\n`),
        (query.heartbeat ?? 15) * 1000,
      );
      const end = () => {
        clearInterval(heartbeat);
        remove();
        stopWatching();
      };
      response.on('close', end);
      // A client gone while the stream was being set up: its close has been and will not come again.
      if (response.closed) end();
    },
  );
}
