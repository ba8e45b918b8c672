import fs from 'node:fs';
import type { Answer, Body } from '@rq/client';
import type { Command } from 'commander';
import type { Context } from '../context.js';
import { action, defined, userBody } from '../context.js';
import { CliError, EXIT, usageError } from '../exit-codes.js';
import { type PageOptions, printList, withPageOptions } from '../lists.js';
import { type Column, printFields, printJson, printObject, printTable } from '../output.js';

type Conversion = Answer<'/api/v1/conversions', 'post'>;
type Experiment = Answer<'/api/v1/rules/{id}/experiment', 'get'>;
type Variant = Experiment['variants'][number];

/** Revenue per currency as `EUR 1999` (minor units, as the API counts them). */
export const revenueText = (revenue: Record<string, number>) =>
  Object.entries(revenue)
    .map(([currency, amount]) => `${currency} ${amount}`)
    .join(', ');

const conversionColumns: Column<Conversion>[] = [
  { header: 'id', value: (c) => c.id },
  { header: 'type', value: (c) => c.type },
  { header: 'amount', value: (c) => (c.amount === null ? null : `${c.currency} ${c.amount}`) },
  { header: 'code', value: (c) => c.credit.qrcode },
  { header: 'variant', value: (c) => c.credit.variant },
  { header: 'external id', value: (c) => c.externalId },
  { header: 'at', value: (c) => c.occurredAt },
];

const variantColumns: Column<Variant>[] = [
  { header: 'variant', value: (v) => `${v.label} (${v.weight}%)` },
  { header: 'url', value: (v) => v.url },
  { header: 'scans', value: (v) => v.scans },
  { header: 'scanners', value: (v) => v.scanners },
  { header: 'conversions', value: (v) => v.conversions },
  { header: 'rate', value: (v) => (v.rate === null ? null : `${(v.rate * 100).toFixed(2)}%`) },
  {
    header: 'vs control (95%)',
    value: (v) =>
      v.difference === null
        ? null
        : `${pct(v.difference.estimate)} [${pct(v.difference.low)}, ${pct(v.difference.high)}]`,
  },
  { header: 'revenue', value: (v) => revenueText(v.revenue) },
];

const pct = (share: number) => `${share >= 0 ? '+' : ''}${(share * 100).toFixed(2)}%`;

function printExperiment(context: Context, experiment: Experiment): void {
  printObject(context.output, experiment, (e) => [
    ['Rule', `${e.rule} (${e.name})`],
    ['Counting', e.counting],
    ['Verdict', e.verdict.text],
  ]);
  if (!context.output.json) printTable(context.output, experiment.variants, variantColumns);
}

interface ReportFlags {
  scan: string;
  type: string;
  amount?: string;
  currency?: string;
  externalId?: string;
  occurredAt?: string;
  customer?: string;
}

export function conversionsCommands(program: Command): void {
  const conversions = program
    .command('conversions')
    .description('sales and leads credited to scans (the rq_id a target received)');

  conversions
    .command('report')
    .description('report one conversion: idempotent by --external-id')
    .requiredOption('--scan <id>', 'the rq_id value the target received')
    .option('--type <type>', 'lead, sale, or a name of yours', 'sale')
    .option('--amount <minor>', 'in minor units (1999 is 19.99)')
    .option('--currency <code>', 'ISO 4217 (EUR, USD, ...)')
    .option('--external-id <id>', 'your id of it (an order number): reporting it again counts it once')
    .option('--occurred-at <date>', 'when it happened (ISO 8601; default now)')
    .option('--customer <reference>', 'your customer reference (stored only as a keyed hash)')
    .action(
      action(async (context, flags: ReportFlags) => {
        if (flags.amount !== undefined && !/^\d+$/.test(flags.amount))
          throw usageError('--amount is a whole number of minor units (1999 for 19.99).');
        const body = userBody<Body<'/api/v1/conversions', 'post'>>(
          defined({
            scanId: flags.scan,
            type: flags.type,
            amount: flags.amount === undefined ? undefined : Number(flags.amount),
            currency: flags.currency,
            externalId: flags.externalId,
            occurredAt: flags.occurredAt,
            customer: flags.customer,
          }),
        );
        const conversion = await context.api().rq.conversions.create({ body });
        if (context.output.json) return printJson(context.output, conversion);
        printFields(context.output, [
          ['Id', conversion.id],
          ['Type', conversion.type],
          ['Amount', conversion.amount === null ? null : `${conversion.currency} ${conversion.amount}`],
          ['Code', conversion.credit.qrcode],
          ['Rule', conversion.credit.rule],
          ['Variant', conversion.credit.variant],
          ['Scanned', conversion.credit.scannedAt],
        ]);
      }),
    );

  conversions
    .command('upload')
    .description(
      'report many conversions from a CSV file (scanId,type,amount,currency,externalId,...) or JSON',
    )
    .argument('<file>', 'the file (- for stdin)')
    .option('--dry-run', 'check every row and report, store nothing')
    .action(
      action(async (context, file: string, options: { dryRun?: boolean }) => {
        let body: Buffer;
        try {
          body = fs.readFileSync(file === '-' ? 0 : file);
        } catch (error) {
          throw new CliError(
            `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? error}.`,
            EXIT.error,
          );
        }
        const json = /^[[{]/.test(body.subarray(0, 64).toString('utf8').trimStart());
        const result = await context.api().rq.conversions.bulk({
          params: { query: { dryRun: Boolean(options.dryRun) } },
          body: new Uint8Array(body) as never,
          bodySerializer: (bytes: unknown) => bytes,
          headers: { 'content-type': json ? 'application/json' : 'text/csv' },
        });
        const { output } = context;
        if (output.json) printJson(output, result);
        else {
          printFields(output, [
            ['Rows', result.rows],
            [result.dryRun ? 'Would store' : 'Stored', result.created],
            ['Already stored', result.existing],
            ['Refused', result.errors.length],
          ]);
          printTable(output, result.errors, [
            { header: 'row', value: (e) => e.row },
            { header: 'problem', value: (e) => e.problem.code },
            {
              header: 'where',
              value: (e) => e.problem.errors?.map((f) => `${f.path} ${f.message}`).join('; '),
            },
          ]);
        }
        if (result.errors.length > 0) process.exitCode = EXIT.validation;
      }),
    );

  withPageOptions(
    conversions
      .command('list')
      .description('conversions, newest first')
      .option('--code <id>', 'only those credited to this code')
      .option('--type <type>', 'only this type'),
    'conversions',
  ).action(
    action((context, options: PageOptions & { code?: string; type?: string }) =>
      printList(
        context,
        (page) =>
          context.api().rq.conversions.list({
            params: { query: { ...page, ...defined({ qrcode: options.code, type: options.type }) } },
          }),
        options,
        conversionColumns,
      ),
    ),
  );

  conversions
    .command('settings')
    .description("show the workspace's attribution default and window, or change them")
    .option('--attribution <on|off>', 'hand targets the scan id by default')
    .option('--parameter <name>', 'the query parameter that carries it (default rq_id)')
    .option('--window-days <n>', 'how long after a scan a conversion is credited to it')
    .action(
      action(async (context, flags: { attribution?: string; parameter?: string; windowDays?: string }) => {
        if (flags.attribution !== undefined && !['on', 'off'].includes(flags.attribution))
          throw usageError('--attribution is on or off.');
        const attribution = defined({
          enabled: flags.attribution === undefined ? undefined : flags.attribution === 'on',
          parameter: flags.parameter,
        });
        const patch = defined({
          attribution: Object.keys(attribution).length > 0 ? attribution : undefined,
          windowDays: flags.windowDays === undefined ? undefined : Number(flags.windowDays),
        });
        const { rq } = context.api();
        const settings =
          Object.keys(patch).length === 0
            ? await rq.conversions.getSettings({})
            : await rq.conversions.updateSettings({
                body: userBody<Body<'/api/v1/conversions/settings', 'patch'>>(patch),
              });
        if (context.output.json) return printJson(context.output, settings);
        printFields(context.output, [
          ['Attribution', settings.attribution.enabled ? 'on' : 'off'],
          ['Parameter', settings.attribution.parameter],
          ['Window', `${settings.windowDays} days`],
        ]);
      }),
    );

  const experiments = program.command('experiments').description('split rules read as experiments');

  experiments
    .command('list')
    .description("every split rule's verdict")
    .action(
      action(async (context) => {
        const answer = await context.api().rq.experiments.list({});
        if (context.output.json) return printJson(context.output, answer);
        printTable(context.output, answer.data, [
          { header: 'rule', value: (e) => e.rule },
          { header: 'name', value: (e) => e.name },
          { header: 'verdict', value: (e) => e.verdict.text },
        ]);
      }),
    );

  experiments
    .command('show')
    .description(
      'per variant: scans, conversions, rate and the difference to the control with its 95% interval',
    )
    .argument('<rule>', 'rule_... of a split rule')
    .action(
      action(async (context, rule: string) =>
        printExperiment(
          context,
          await context.api().rq.rules.getExperiment({ params: { path: { id: rule } } }),
        ),
      ),
    );

  experiments
    .command('keep-winner')
    .description('send everyone to one variant (A is 0, B is 1, ...)')
    .argument('<rule>', 'rule_... of a split rule')
    .argument('<variant>', 'the variant: its letter or index')
    .action(
      action(async (context, rule: string, variant: string) => {
        const index = /^\d+$/.test(variant) ? Number(variant) : variant.toUpperCase().charCodeAt(0) - 65;
        if (!(index >= 0 && index < 26))
          throw usageError('<variant> is a letter (A, B, ...) or an index (0, 1, ...).');
        const experiment = await context
          .api()
          .rq.rules.keepWinnerExperiment({ params: { path: { id: rule } }, body: { variant: index } });
        printExperiment(context, experiment);
      }),
    );
}
