import type { Answer, QueryOf } from '@rq/client';
import type { Command } from 'commander';
import { action, collect, defined, userBody } from '../context.js';
import { saveBody } from '../download.js';
import { CliError, EXIT } from '../exit-codes.js';
import { type Column, printFields, printJson, printTable } from '../output.js';
import { revenueText } from './conversions.js';

interface FilterFlags {
  range?: string;
  from?: string;
  to?: string;
  timeZone?: string;
  code?: string[];
  tag?: string[];
  hostname?: string[];
  rule?: string[];
  country?: string[];
  device?: string[];
  os?: string[];
  browser?: string[];
  bots?: boolean;
}

function withFilters(command: Command, range = true): Command {
  if (range) {
    command
      .option('--range <range>', '24h, 7d, 30d (default), 90d, mtd, ytd or all')
      .option('--from <date>', 'start (ISO 8601 date or date-time)')
      .option('--to <date>', 'end, exclusive (default now)')
      .option('--time-zone <zone>', 'IANA time zone for days (default UTC)');
  }
  return command
    .option('--code <id>', 'only these codes (repeat, or comma-separated)', collect)
    .option('--tag <tag>', 'only codes with these tags', collect)
    .option('--hostname <hostname>', 'only these hostnames', collect)
    .option('--rule <id>', 'only scans these rules decided', collect)
    .option('--country <cc>', 'only these countries (ISO 3166-1 alpha-2)', collect)
    .option('--device <type>', 'only mobile, tablet or desktop', collect)
    .option('--os <os>', 'only these operating systems', collect)
    .option('--browser <browser>', 'only these browsers', collect)
    .option('--bots', 'count bot scans too');
}

/** The filters every analytics route shares (those of the summary). */
type Filters = QueryOf<'/api/v1/analytics/summary'>;

function filterQuery(flags: FilterFlags): Filters {
  const joined = (values: string[] | undefined) => (values?.length ? values.join(',') : undefined);
  return userBody<Filters>(
    defined({
      range: flags.range,
      from: flags.from,
      to: flags.to,
      timeZone: flags.timeZone,
      qrcode: joined(flags.code),
      tag: joined(flags.tag),
      hostname: joined(flags.hostname),
      rule: joined(flags.rule),
      country: joined(flags.country),
      device: joined(flags.device),
      os: joined(flags.os),
      browser: joined(flags.browser),
      bots: flags.bots ? true : undefined,
    }),
  );
}

type Row = Answer<'/api/v1/analytics/breakdown', 'get'>['rows'][number];

export function analyticsCommands(program: Command): void {
  const analytics = program
    .command('analytics')
    .description('scan counts, breakdowns, raw export and live scans');

  withFilters(analytics.command('summary').description('total, unique and bot scans in a range')).action(
    action(async (context, flags: FilterFlags) => {
      const summary = await context.api().rq.analytics.getSummary({ params: { query: filterQuery(flags) } });
      if (context.output.json) return printJson(context.output, summary);
      printFields(context.output, [
        ['Scans', summary.total],
        ['Unique', summary.unique],
        ['Bots', summary.bots],
        ['Conversions', summary.conversions],
        [
          'Conversion rate',
          summary.conversionRate === null ? null : `${(summary.conversionRate * 100).toFixed(2)}%`,
        ],
        ['Revenue', revenueText(summary.revenue)],
      ]);
    }),
  );

  withFilters(
    analytics
      .command('breakdown')
      .description('scans by one dimension, largest first')
      .requiredOption(
        '--by <dimension>',
        'country, region, device, os, browser, language, referrer, hostname, rule or qrcode',
      )
      .option('--limit <n>', 'rows (default 10)'),
  ).action(
    action(async (context, flags: FilterFlags & { by: string; limit?: string }) => {
      const query = userBody<QueryOf<'/api/v1/analytics/breakdown'>>(
        defined({ ...filterQuery(flags), by: flags.by, limit: flags.limit }),
      );
      const answer = await context.api().rq.analytics.getBreakdown({ params: { query } });
      if (context.output.json) return printJson(context.output, answer);
      const columns: Column<Row>[] = [
        { header: answer.by, value: (r) => r.key },
        { header: 'scans', value: (r) => r.total },
        { header: 'unique', value: (r) => r.unique },
        { header: 'conversions', value: (r) => r.conversions },
        { header: 'revenue', value: (r) => revenueText(r.revenue) },
      ];
      printTable(context.output, answer.rows, columns);
    }),
  );

  withFilters(
    analytics
      .command('export')
      .description('every scan in the range as CSV, one row a scan (no IP addresses)')
      .option('-o, --output <file>', 'where to write it; - for stdout', '-'),
  ).action(
    action(async (context, flags: FilterFlags & { output: string }) => {
      const query = filterQuery(flags);
      const response = await context
        .api()
        .response((raw) => raw.GET('/api/v1/analytics/export.csv', { params: { query }, parseAs: 'stream' }));
      const bytes = await saveBody(response, flags.output, 'Exporting');
      if (flags.output === '-') return;
      if (context.output.json) return printJson(context.output, { file: flags.output, bytes });
      context.output.out(`Wrote ${flags.output} (${bytes} bytes).`);
    }),
  );

  withFilters(
    analytics
      .command('live')
      .description('print scans as they happen (Ctrl-C to stop); with --json one JSON object a line')
      .option('--count <n>', 'stop after this many scans'),
    false,
  ).action(
    action(async (context, flags: FilterFlags & { count?: string }) => {
      const limit = flags.count === undefined ? Number.POSITIVE_INFINITY : Number(flags.count);
      const query = { ...filterQuery(flags), heartbeat: 15 };
      const response = await context.api().response((raw) =>
        raw.GET('/api/v1/analytics/stream', {
          params: { query },
          headers: { accept: 'text/event-stream' },
          parseAs: 'stream',
        }),
      );
      // Also with --json (stderr): a script knows the stream is open and no scan from now on is missed.
      context.output.err(context.output.paint('dim', 'Waiting for scans (Ctrl-C to stop)...'));
      let seen = 0;
      for await (const event of serverSentEvents(response)) {
        if (event.type !== 'scan') continue;
        const scan = JSON.parse(event.data) as Record<string, unknown>;
        if (context.output.json) context.output.out(JSON.stringify(scan));
        else context.output.out(scanLine(scan));
        seen += 1;
        if (seen >= limit) break;
      }
      if (seen < limit) throw new CliError('The server ended the live stream.', EXIT.unavailable);
    }),
  );
}

function scanLine(scan: Record<string, unknown>): string {
  const parts = [
    scan.at,
    scan.qrcode,
    scan.country ?? '--',
    scan.device,
    scan.os,
    scan.browser,
    '->',
    scan.target,
  ];
  return parts.filter((part) => part !== undefined && part !== null).join('  ');
}

/** The events of a text/event-stream body (only `event` and `data` fields matter here). */
async function* serverSentEvents(response: Response): AsyncGenerator<{ type: string; data: string }> {
  if (!response.body) return;
  const decoder = new TextDecoder();
  let buffer = '';
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        let type = 'message';
        const data: string[] = [];
        for (const line of block.split('\n')) {
          if (line.startsWith('event:')) type = line.slice(6).trim();
          else if (line.startsWith('data:')) data.push(line.slice(5).replace(/^ /, ''));
        }
        if (data.length > 0) yield { type, data: data.join('\n') };
        end = buffer.indexOf('\n\n');
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}
