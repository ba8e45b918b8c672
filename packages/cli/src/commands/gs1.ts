import path from 'node:path';
import type { Answer, Body, QueryOf } from '@rq/client';
import type { Command } from 'commander';
import type { Context } from '../context.js';
import { action, defined, jsonObject, userBody } from '../context.js';
import { usageError } from '../exit-codes.js';
import { type PageOptions, printList } from '../lists.js';
import { type Column, printFields, printJson } from '../output.js';
import { type ImportOptions, importFile } from './transfer.js';

type Gs1Item = Answer<'/api/v1/gs1/items/{id}', 'get'>;

const GS1_FORMATS = ['gs1-resolver', 'gs1-csv', 'gs1-linkset'];

const columns: Column<Gs1Item>[] = [
  { header: 'id', value: (item) => item.id },
  {
    header: 'key',
    value: (item) => `(${item.primaryKey.ai}) ${item.primaryKey.value}${item.prefix ? '*' : ''}`,
  },
  { header: 'links', value: (item) => String(item.links.length) },
  { header: 'levels', value: (item) => String(item.levels.length) },
  { header: 'uri', value: (item) => item.uri },
];

function printItem(context: Context, item: Gs1Item): void {
  const { output } = context;
  if (output.json) {
    printJson(output, item);
    return;
  }
  printFields(output, [
    ['Id', item.id],
    ['Key', `(${item.primaryKey.ai}) ${item.primaryKey.value}${item.prefix ? ' (company prefix)' : ''}`],
    ['URI', item.uri],
    ['Hostname', item.hostname],
    ['Description', item.itemDescription],
    ['Default link type', item.defaultLinkType],
    ...item.links.map((link): [string, string] => [
      link.linkType,
      `${link.href}${link.hreflang ? ` [${link.hreflang.join(' ')}]` : ''}`,
    ]),
    ...item.levels.map((level): [string, string] => [
      level.qualifiers.map((q) => `(${q.ai}) ${q.value}`).join(' '),
      `${level.links.length} link${level.links.length === 1 ? '' : 's'}`,
    ]),
    ['Rules', item.rules.length > 0 ? String(item.rules.length) : null],
    ['Expires', item.controls.expiresAt],
  ]);
}

interface ItemFlags {
  key?: string;
  gtin?: string;
  link?: string[];
  default?: string;
  description?: string;
  hostname?: string;
  body?: string;
}

/** `--link gs1:pip=https://example.com/p` (title: the link type's name; more with --body). */
function linkOf(text: string): Record<string, string> {
  const at = text.indexOf('=');
  if (at <= 0) throw usageError(`--link takes type=href, e.g. gs1:pip=https://example.com/p, not "${text}".`);
  const linkType = text.slice(0, at);
  return { linkType, href: text.slice(at + 1), title: linkType.replace(/^.*[:/]/, '') };
}

/** The primary key of --gtin 09506000134352 or --key 8004/0950600013430000001. */
function keyOf(flags: ItemFlags): Record<string, string> | undefined {
  if (flags.gtin) return { ai: '01', value: flags.gtin };
  if (!flags.key) return undefined;
  const [ai, ...rest] = flags.key.replace(/^\//, '').split('/');
  if (!ai || rest.length === 0)
    throw usageError(`--key takes ai/value, e.g. 01/09506000134352, not "${flags.key}".`);
  return { ai, value: rest.join('/') };
}

function itemBody(flags: ItemFlags): Record<string, unknown> {
  const links = flags.link?.map(linkOf);
  return {
    ...jsonObject(flags.body, '--body'),
    ...defined({
      primaryKey: keyOf(flags),
      links,
      defaultLinkType: flags.default,
      itemDescription: flags.description,
      hostname: flags.hostname === 'none' ? null : flags.hostname,
    }),
  };
}

const repeat = (value: string, previous: string[] | undefined) => [...(previous ?? []), value];

/** The import format from the flag, else by the file: .csv a spreadsheet, .json the reference resolver's or linksets. */
function gs1Format(file: string, flag: string | undefined): string {
  if (flag !== undefined) {
    const format = flag.startsWith('gs1-') ? flag : `gs1-${flag}`;
    if (!GS1_FORMATS.includes(format))
      throw usageError(`--format must be one of resolver, csv, linkset, not "${flag}".`);
    return format;
  }
  const extension = path.extname(file).toLowerCase();
  if (extension === '.csv') return 'gs1-csv';
  if (extension === '.json') return 'gs1-resolver';
  throw usageError('Say what the file is: --format resolver|csv|linkset.');
}

export function gs1Commands(program: Command): void {
  const gs1 = program
    .command('gs1')
    .description('GS1 Digital Link items: GTINs and other keys, their links and levels');

  gs1
    .command('list')
    .description('list GS1 items')
    .option('--ai <ai>', "only this primary key's AI, e.g. 01")
    .option('--value <prefix>', 'only keys starting with this')
    .option('--hostname <name>', 'only items on this hostname ("" for our hosts)')
    .option('--link-type <type>', 'only items with a link of this type')
    .option('--limit <n>', 'items a page (1-100)')
    .option('--cursor <cursor>', 'the page after this cursor')
    .option('--all', 'every page')
    .action(
      action(async (context, options: PageOptions & Record<string, string>) => {
        const filters = defined({
          ai: options.ai,
          value: options.value,
          hostname: options.hostname,
          linkType: options.linkType,
        });
        await printList(
          context,
          (page) =>
            context.api().rq.gs1.listItems({
              params: { query: userBody<QueryOf<'/api/v1/gs1/items'>>({ ...filters, ...page }) },
            }),
          options,
          columns,
        );
      }),
    );

  gs1
    .command('get')
    .description('show one item with its links and levels')
    .argument('<id>', 'gs1_...')
    .action(
      action(async (context, id: string) => {
        printItem(context, await context.api().rq.gs1.getItem({ params: { path: { id } } }));
      }),
    );

  gs1
    .command('create')
    .description('register a GTIN (or another key) with its links; levels, rules and controls with --body')
    .option('--gtin <gtin>', 'the 14-digit GTIN')
    .option('--key <ai/value>', 'another primary key, e.g. 414/9506000134369')
    .option('--link <type=href>', 'a link, e.g. gs1:pip=https://example.com/p (repeatable)', repeat)
    .option('--default <linkType>', 'the link type a plain scan gets')
    .option('--description <text>', "the item's description")
    .option('--hostname <name>', 'a verified hostname of the workspace to answer on')
    .option('--body <json>', 'the whole request body (JSON, @file or -); flags go over it')
    .action(
      action(async (context, flags: ItemFlags) => {
        const body = itemBody(flags);
        if (!body.primaryKey) throw usageError('Give --gtin, --key or a --body with primaryKey.');
        const item = await context
          .api()
          .rq.gs1.createItem({ body: userBody<Body<'/api/v1/gs1/items', 'post'>>({ links: [], ...body }) });
        printItem(context, item);
      }),
    );

  gs1
    .command('update')
    .description("change an item (a JSON merge patch: --link replaces the key's links)")
    .argument('<id>', 'gs1_...')
    .option('--link <type=href>', "the key's links, replacing them (repeatable)", repeat)
    .option('--default <linkType>', 'the link type a plain scan gets')
    .option('--description <text>', "the item's description")
    .option('--hostname <name>', 'a verified hostname to answer on (none: our hosts)')
    .option('--body <json>', 'the whole patch (JSON, @file or -); flags go over it')
    .action(
      action(async (context, id: string, flags: ItemFlags) => {
        const body = itemBody(flags);
        if (Object.keys(body).length === 0) throw usageError('Nothing to change: give a flag or --body.');
        const item = await context.api().rq.gs1.updateItem({
          params: { path: { id } },
          body: userBody<Body<'/api/v1/gs1/items/{id}', 'patch'>>(body),
        });
        printItem(context, item);
      }),
    );

  gs1
    .command('delete')
    .description('delete items (their URIs answer 404 from then on)')
    .argument('<id...>', 'gs1_... (one or more)')
    .action(
      action(async (context, ids: string[]) => {
        for (const id of ids) await context.api().rq.gs1.deleteItem({ params: { path: { id } } });
        if (context.output.json) return printJson(context.output, { deleted: ids });
        for (const id of ids) context.output.out(`Deleted ${id}.`);
      }),
    );

  gs1
    .command('import')
    .description("register items from GS1's reference resolver's documents, a spreadsheet or linksets")
    .argument('<file>', 'the file (- for stdin)')
    .option(
      '--format <format>',
      'resolver (JSON documents), csv (GTINs and links) or linkset (default: by extension)',
    )
    .option('--dry-run', 'check every row and report, register nothing')
    .option('--per-row', 'register the rows that pass and report the others (default: all or nothing)')
    .action(
      action(async (context, file: string, options: ImportOptions) =>
        importFile(context, file, gs1Format(file, options.format), options),
      ),
    );
}
