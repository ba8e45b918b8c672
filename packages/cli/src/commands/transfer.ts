import fs from 'node:fs';
import path from 'node:path';
import type { Answer, ProblemAnswer, QueryOf } from '@rq/client';
import type { Command } from 'commander';
import { action, type Context, defined, userBody } from '../context.js';
import { saveBody } from '../download.js';
import { CliError, EXIT, usageError } from '../exit-codes.js';
import { type Output, printJson, printTable } from '../output.js';
import { formatBytes } from '../progress.js';

const FORMATS = ['csv', 'json', 'bitly', 'shlink', 'kutt', 'yourls'];

type ImportResult = Answer<'/api/v1/qrcodes/import', 'post'>;

/** The 422 of an all-or-nothing import with failing rows: how many rows, and each failing row's problem. */
type ImportRefusal = Required<
  Pick<ProblemAnswer<'/api/v1/qrcodes/import', 'post', 422>, 'detail' | 'rows' | 'failedRows'>
>;

/** The format from the flag, else ours by the file's extension (.csv or .json). */
function importFormat(file: string, flag: string | undefined): string {
  const extension = path.extname(file).toLowerCase();
  const format = flag ?? ({ '.csv': 'csv', '.json': 'json' } as Record<string, string>)[extension];
  if (!format) throw usageError(`Say what the file is: --format ${FORMATS.join('|')}.`);
  if (!FORMATS.includes(format))
    throw usageError(`--format must be one of ${FORMATS.join(', ')}, not "${format}".`);
  return format;
}

export function transferCommands(program: Command): void {
  program
    .command('import')
    .description("create codes from a CSV file or another service's export (Bitly, Shlink, Kutt, YOURLS)")
    .argument('<file>', 'the export file (- for stdin)')
    .option('--format <format>', `${FORMATS.join(', ')} (default: ours, csv or json by the file's extension)`)
    .option('--dry-run', 'check every row and report, create nothing')
    .option('--per-row', 'create the rows that pass and report the others (default: all or nothing)')
    .action(
      action(async (context, file: string, options: ImportOptions) =>
        importFile(context, file, importFormat(file, options.format), options),
      ),
    );

  program
    .command('export')
    .description('every code of the workspace as CSV or JSON (the list filters apply)')
    .option('--format <format>', 'csv or json', 'csv')
    .option('--mode <mode>', 'only this mode')
    .option('--tag <tag>', 'only codes with this tag')
    .option('--hostname <hostname>', 'only codes on this hostname')
    .option('--search <text>', 'slug or title containing this')
    .option('-o, --output <file>', 'where to write it; - for stdout', '-')
    .action(
      action(async (context, options: { format: string; output: string } & Record<string, string>) => {
        if (!['csv', 'json'].includes(options.format)) throw usageError('--format must be csv or json.');
        const query = userBody<QueryOf<'/api/v1/qrcodes/export.csv'>>(
          defined({ mode: options.mode, tag: options.tag, hostname: options.hostname, q: options.search }),
        );
        const exportPath =
          options.format === 'json' ? '/api/v1/qrcodes/export.json' : '/api/v1/qrcodes/export.csv';
        const response = await context
          .api()
          .response((raw) => raw.GET(exportPath, { params: { query }, parseAs: 'stream' }));
        const bytes = await saveBody(response, options.output, 'Exporting');
        if (options.output === '-') return;
        if (context.output.json) return printJson(context.output, { file: options.output, bytes });
        context.output.out(`Wrote ${options.output} (${bytes} bytes).`);
      }),
    );
}

export interface ImportOptions {
  format?: string;
  dryRun?: boolean;
  perRow?: boolean;
}

/** The import's 422 when it was refused whole for its rows (any other error is not one). */
function importRefusalOf(error: unknown): ImportRefusal | undefined {
  const problem = error instanceof CliError ? error.problem : undefined;
  if (problem?.code !== 'unprocessable' || !Array.isArray(problem.failedRows)) return undefined;
  // An error's problem is read untyped; this one is the import's 422 as the API document names it.
  return problem as ImportRefusal;
}

function printImport(output: Output, result: ImportResult, options: ImportOptions): void {
  const verb = options.dryRun ? 'would be created' : 'created';
  const changed = result.changes.length > 0 ? `, ${result.changes.length} changed` : '';
  output.out(
    `${result.rows} rows: ${result.created} ${verb}, ${result.skipped} skipped, ${result.errors.length} with errors${changed}.`,
  );
  if (options.dryRun && !options.perRow && result.errors.length > 0) {
    output.out(
      `The import is all or nothing: it creates no code while a row has a problem. Fix those rows, or add --per-row to create the ${result.created} that pass.`,
    );
  }
  printRowProblems(output, result.errors);
  if (result.changes.length === 0) return;
  output.out('');
  printTable(
    output,
    result.changes.map((change) => ({ row: change.row, change: `${change.path}: ${change.message}` })),
    [
      { header: 'row', value: (r) => r.row },
      { header: 'changed', value: (r) => r.change },
    ],
  );
}

function printRefusal(output: Output, refusal: ImportRefusal): void {
  const failing = new Set(refusal.failedRows.map((failure) => failure.row)).size;
  output.out(
    `Nothing was imported: ${failing} of ${refusal.rows} rows have a problem. Fix them, or add --per-row to create the ${refusal.rows - failing} others.`,
  );
  printRowProblems(output, refusal.failedRows);
}

/** One line a failing row: its field problems where it has some (a validation detail only repeats them), else the detail. */
function printRowProblems(output: Output, failures: ImportResult['errors']): void {
  if (failures.length === 0) return;
  const rows = failures.map(({ row, problem }) => ({
    row,
    problem:
      problem.errors && problem.errors.length > 0
        ? problem.errors.map((f) => `${f.path}: ${f.message}`).join('; ')
        : (problem.detail ?? problem.title ?? ''),
  }));
  printTable(output, rows, [
    { header: 'row', value: (r) => r.row },
    { header: 'problem', value: (r) => r.problem },
  ]);
}

/**
 * Sends a file to POST /qrcodes/import in `format` and prints the report (rq import, rq gs1 import):
 * a refused all-or-nothing import lists its failing rows and exits with the validation code.
 */
export async function importFile(
  context: Context,
  file: string,
  format: string,
  options: ImportOptions,
): Promise<void> {
  let body: Buffer;
  try {
    body = fs.readFileSync(file === '-' ? 0 : file);
  } catch (error) {
    throw new CliError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? error}.`, EXIT.error);
  }
  const json = body.subarray(0, 64).toString('utf8').trimStart().match(/^[[{]/);
  const { output } = context;
  if (!output.json && process.stderr.isTTY) {
    output.err(output.paint('dim', `Uploading ${formatBytes(body.length)} and importing...`));
  }
  let result: ImportResult;
  try {
    result = await context.api().rq.qrcodes.import({
      params: {
        query: {
          format: userBody<QueryOf<'/api/v1/qrcodes/import', 'post'>>({ format }).format,
          dryRun: Boolean(options.dryRun),
          atomic: !options.perRow,
        },
      },
      body: new Uint8Array(body),
      bodySerializer: (bytes: unknown) => bytes,
      headers: { 'content-type': json ? 'application/json' : 'text/csv' },
    });
  } catch (error) {
    const refusal = importRefusalOf(error);
    if (!refusal) throw error;
    if (output.json) printJson(output, (error as CliError).problem);
    else printRefusal(output, refusal);
    process.exitCode = EXIT.validation;
    return;
  }
  if (output.json) printJson(output, result);
  else printImport(output, result, options);
  if (result.errors.length > 0) process.exitCode = EXIT.validation;
}
