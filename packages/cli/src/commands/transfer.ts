import fs from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import { action } from '../context.js';
import { saveBody } from '../download.js';
import { CliError, EXIT, usageError } from '../exit-codes.js';
import { printJson, printTable } from '../output.js';
import { formatBytes } from '../progress.js';

const FORMATS = ['csv', 'json', 'bitly', 'shlink', 'kutt', 'yourls'];

interface ImportResult {
  rows: number;
  created: number;
  skipped: number;
  errors: {
    row: number;
    problem: { detail?: string; title?: string; errors?: { path: string; message: string }[] };
  }[];
}

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
    .action(
      action(async (context, file: string, options: { format?: string; dryRun?: boolean }) => {
        const format = importFormat(file, options.format);
        let body: Buffer;
        try {
          body = fs.readFileSync(file === '-' ? 0 : file);
        } catch (error) {
          throw new CliError(
            `Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? error}.`,
            EXIT.error,
          );
        }
        const json = body.subarray(0, 64).toString('utf8').trimStart().match(/^[[{]/);
        const { output } = context;
        if (!output.json && process.stderr.isTTY) {
          output.err(output.paint('dim', `Uploading ${formatBytes(body.length)} and importing...`));
        }
        const result = await context.api().json<ImportResult>('POST', '/qrcodes/import', {
          query: { format, dryRun: options.dryRun ? 'true' : 'false' },
          body: new Uint8Array(body),
          contentType: json ? 'application/json' : 'text/csv',
        });
        if (output.json) printJson(output, result);
        else printImport(context.output, result, Boolean(options.dryRun));
        if (result.errors.length > 0) process.exitCode = EXIT.validation;
      }),
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
        const response = await context.api().raw('GET', `/qrcodes/export.${options.format}`, {
          query: { mode: options.mode, tag: options.tag, hostname: options.hostname, q: options.search },
        });
        const bytes = await saveBody(response, options.output, 'Exporting');
        if (options.output === '-') return;
        if (context.output.json) return printJson(context.output, { file: options.output, bytes });
        context.output.out(`Wrote ${options.output} (${bytes} bytes).`);
      }),
    );
}

function printImport(output: import('../output.js').Output, result: ImportResult, dryRun: boolean): void {
  const verb = dryRun ? 'would be created' : 'created';
  output.out(
    `${result.rows} rows: ${result.created} ${verb}, ${result.skipped} skipped, ${result.errors.length} with errors.`,
  );
  if (result.errors.length === 0) return;
  const rows = result.errors.map((e) => ({
    row: e.row,
    problem: [
      e.problem.detail ?? e.problem.title,
      ...(e.problem.errors ?? []).map((f) => `${f.path}: ${f.message}`),
    ]
      .filter(Boolean)
      .join('; '),
  }));
  printTable(output, rows, [
    { header: 'row', value: (r) => r.row },
    { header: 'problem', value: (r) => r.problem },
  ]);
}
