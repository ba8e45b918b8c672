import type { Answer, Body, QueryOf } from '@rq/client';
import type { Command } from 'commander';
import type { Context } from '../context.js';
import { action, collect, defined, jsonArgument, jsonObject, userBody } from '../context.js';
import { saveBody, suggestedName } from '../download.js';
import { usageError } from '../exit-codes.js';
import { printList, withPageOptions } from '../lists.js';
import { type Column, printJson, printObject } from '../output.js';
import { deleteCommand, idCommand } from '../resource-commands.js';

export type Code = Answer<'/api/v1/qrcodes/{id}', 'get'>;
type CodeCreate = Body<'/api/v1/qrcodes', 'post'>;
type CodeChange = Body<'/api/v1/qrcodes/{id}', 'patch'>;

const columns: Column<Code>[] = [
  { header: 'id', value: (c) => c.id },
  { header: 'short url', value: (c) => c.shortUrl },
  { header: 'mode', value: (c) => c.mode },
  { header: 'target', value: (c) => c.target },
  { header: 'title', value: (c) => c.title },
  { header: 'scans', value: (c) => c.scans.total },
];

interface CodeFlags {
  mode?: string;
  slug?: string;
  hostname?: string;
  target?: string;
  title?: string;
  tag?: string[];
  data?: string;
  style?: string;
  design?: string;
  rule?: string[];
  enabled?: boolean;
  body?: string;
}

function withCodeFlags(command: Command, creating: boolean): Command {
  return command
    .option(
      '--mode <mode>',
      `redirect, exec or static${creating ? ' (default: redirect, or static with --data)' : ''}`,
    )
    .option('--target <url>', 'where a redirect code sends scanners')
    .option('--slug <slug>', 'the path of the short URL')
    .option('--hostname <hostname>', 'a verified custom hostname')
    .option('--title <title>', 'a name for people')
    .option('--tag <tag>', 'a tag (repeat, or comma-separated)', collect)
    .option('--data <json>', 'static content, e.g. \'{"kind":"text","text":"hi"}\' (JSON, @file or -)')
    .option('--style <json>', 'the style (JSON, @file or -)')
    .option('--design <id>', 'a saved design (dsn_...)')
    .option('--rule <id>', 'a rule, in order (repeat, or comma-separated)', collect)
    .option('--body <json>', 'the whole request body (JSON, @file or -); flags override its fields');
}

function codeFields(flags: CodeFlags, creating: boolean): Record<string, unknown> {
  const body = {
    ...jsonObject(flags.body, '--body'),
    ...defined({
      mode: flags.mode,
      slug: flags.slug,
      hostname: flags.hostname,
      target: flags.target,
      title: flags.title,
      tags: flags.tag,
      data: flags.data === undefined ? undefined : jsonArgument(flags.data, '--data'),
      style: flags.style === undefined ? undefined : jsonArgument(flags.style, '--style'),
      design: flags.design,
      rules: flags.rule,
      enabled: flags.enabled,
    }),
  };
  if (creating && body.mode === undefined) body.mode = body.data ? 'static' : 'redirect';
  return body;
}

export function printCode(context: Context, code: Code): void {
  printObject(context.output, code, (c) => [
    ['Id', c.id],
    ['Short URL', context.output.paint('cyan', c.shortUrl)],
    ['Mode', c.mode],
    ['Target', c.target],
    ['Title', c.title],
    ['Tags', c.tags],
    ['Enabled', c.enabled ? 'yes' : 'no'],
    ['Rules', c.rules],
    ['Scans', `${c.scans.total} (${c.scans.uniqueToday} unique today)`],
    ['Created', c.createdAt],
    ['Updated', c.updatedAt],
  ]);
}

export function codesCommands(program: Command): void {
  const codes = program.command('codes').description('create, list, change and download QR codes');

  withCodeFlags(codes.command('create').description('create a QR code'), true)
    .addHelpText(
      'after',
      '\nExample:\n  rq codes create --target https://example.com/menu --slug menu --tag spring',
    )
    .action(
      action(async (context, flags: CodeFlags) => {
        const code = await context
          .api()
          .rq.qrcodes.create({ body: userBody<CodeCreate>(codeFields(flags, true)) });
        printCode(context, code);
      }),
    );

  withPageOptions(
    codes
      .command('list')
      .description('list QR codes (newest first)')
      .option('--mode <mode>', 'only this mode')
      .option('--tag <tag>', 'only codes with this tag')
      .option('--hostname <hostname>', 'only codes on this hostname')
      .option('--search <text>', 'slug, title or target containing this'),
    'codes',
  ).action(
    action(async (context, options: Record<string, string> & { all?: boolean }) => {
      const query = userBody<QueryOf<'/api/v1/qrcodes'>>(
        defined({ mode: options.mode, tag: options.tag, hostname: options.hostname, q: options.search }),
      );
      const { rq } = context.api();
      await printList(
        context,
        (page) => rq.qrcodes.list({ params: { query: { ...query, ...page } } }),
        options,
        columns,
      );
    }),
  );

  idCommand(
    codes.command('get').description('show one QR code'),
    'qr_...',
    (context, id) => context.api().rq.qrcodes.get({ params: { path: { id } } }),
    printCode,
  );

  withCodeFlags(codes.command('update').description('change a QR code (only the fields given)'), false)
    .argument('<id>', 'qr_...')
    .option('--enable', 'scans redirect again')
    .option('--disable', 'scans answer "disabled"')
    .action(
      action(async (context, id: string, flags: CodeFlags & { enable?: boolean; disable?: boolean }) => {
        if (flags.enable && flags.disable) throw usageError('Give --enable or --disable, not both.');
        const enabled = flags.enable ? true : flags.disable ? false : undefined;
        const body = codeFields({ ...flags, enabled }, false);
        if (Object.keys(body).length === 0) throw usageError('Nothing to change: give a flag or --body.');
        const code = await context
          .api()
          .rq.qrcodes.update({ params: { path: { id } }, body: userBody<CodeChange>(body) });
        printCode(context, code);
      }),
    );

  deleteCommand(codes, 'delete a QR code (its short URL stops working)', 'qr_...', (context, id) =>
    context.api().rq.qrcodes.delete({ params: { path: { id } } }),
  );

  codes
    .command('image')
    .description("download a code's image with its stored style")
    .argument('<id>', 'qr_...')
    .option('--format <format>', 'svg, png, pdf or eps', 'svg')
    .option('--size <px>', 'width and height in pixels (png)')
    .option('--cmyk', 'CMYK colours (pdf, eps)')
    .option('-o, --output <file>', "where to write it; - for stdout (default: the server's file name)")
    .action(
      action(
        async (
          context,
          id: string,
          options: { format: string; size?: string; cmyk?: boolean; output?: string },
        ) => {
          if (!['svg', 'png', 'pdf', 'eps'].includes(options.format)) {
            throw usageError(`--format must be svg, png, pdf or eps, not "${options.format}".`);
          }
          const query = userBody<QueryOf<'/api/v1/qrcodes/{id}/image.pdf'>>(
            defined({ size: options.size, cmyk: options.cmyk ? 'true' : undefined, download: 'true' }),
          );
          const image = imagePath(options.format);
          const response = await context
            .api()
            .response((raw) => raw.GET(image, { params: { path: { id }, query }, parseAs: 'stream' }));
          const target = options.output ?? suggestedName(response, `${id}.${options.format}`);
          const bytes = await saveBody(response, target, 'Downloading');
          if (target === '-') return;
          if (context.output.json) return printJson(context.output, { file: target, bytes });
          context.output.out(`Wrote ${target} (${bytes} bytes).`);
        },
      ),
    );

  codes
    .command('images')
    .description("download many codes' images as one ZIP (one file per code, named by slug)")
    .argument('[ids...]', 'qr_... (default: every code matching the filters)')
    .option('--format <format>', 'svg, png, pdf or eps', 'svg')
    .option('--tag <tag>', 'codes with this tag')
    .option('--mode <mode>', 'codes of this mode')
    .option('-o, --output <file>', 'where to write the ZIP; - for stdout', 'qrcodes.zip')
    .action(
      action(
        async (
          context,
          ids: string[],
          options: { format: string; tag?: string; mode?: string; output: string },
        ) => {
          const filter = defined({ tag: options.tag, mode: options.mode });
          const body = ids.length > 0 ? { ids, format: options.format } : { filter, format: options.format };
          const response = await context.api().response((raw) =>
            raw.POST('/api/v1/qrcodes/images.zip', {
              body: userBody<Body<'/api/v1/qrcodes/images.zip', 'post'>>(body),
              parseAs: 'stream',
            }),
          );
          const bytes = await saveBody(response, options.output, 'Downloading ZIP');
          if (options.output === '-') return;
          if (context.output.json) return printJson(context.output, { file: options.output, bytes });
          context.output.out(`Wrote ${options.output} (${bytes} bytes).`);
        },
      ),
    );
}

/** The image route of a format (checked by the command before). */
function imagePath(format: string) {
  if (format === 'png') return '/api/v1/qrcodes/{id}/image.png' as const;
  if (format === 'pdf') return '/api/v1/qrcodes/{id}/image.pdf' as const;
  if (format === 'eps') return '/api/v1/qrcodes/{id}/image.eps' as const;
  return '/api/v1/qrcodes/{id}/image.svg' as const;
}
