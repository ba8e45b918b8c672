import type { Command } from 'commander';
import type { Context } from '../context.js';
import { action, collect, defined, jsonObject, pathId } from '../context.js';
import { usageError } from '../exit-codes.js';
import { printList } from '../lists.js';
import { type Column, printFields, printJson } from '../output.js';

interface Webhook {
  id: string;
  url: string;
  description: string | null;
  events: string[];
  enabled: boolean;
  disabledReason: string | null;
  secret?: string;
  createdAt: string;
}

interface Delivery {
  id: string;
  eventType: string;
  attempt: number;
  status: string;
  responseStatus: number | null;
  durationMs: number | null;
  at: string;
  nextAttemptAt: string | null;
}

const columns: Column<Webhook>[] = [
  { header: 'id', value: (w) => w.id },
  { header: 'url', value: (w) => w.url },
  { header: 'events', value: (w) => w.events },
  {
    header: 'enabled',
    value: (w) => (w.enabled ? 'yes' : `no${w.disabledReason ? ` (${w.disabledReason})` : ''}`),
  },
];

const deliveryColumns: Column<Delivery>[] = [
  { header: 'id', value: (d) => d.id },
  { header: 'event', value: (d) => d.eventType },
  { header: 'status', value: (d) => d.status },
  { header: 'attempt', value: (d) => d.attempt },
  { header: 'http', value: (d) => d.responseStatus },
  { header: 'at', value: (d) => d.at },
  { header: 'next attempt', value: (d) => d.nextAttemptAt },
];

function printWebhook(context: Context, hook: Webhook): void {
  const { output } = context;
  if (output.json) {
    printJson(output, hook);
    return;
  }
  printFields(output, [
    ['Id', hook.id],
    ['URL', hook.url],
    ['Description', hook.description],
    ['Events', hook.events],
    ['Enabled', hook.enabled ? 'yes' : `no${hook.disabledReason ? ` (${hook.disabledReason})` : ''}`],
    ...(hook.secret ? ([['Secret', output.paint('yellow', hook.secret)]] as [string, unknown][]) : []),
    ['Created', hook.createdAt],
  ]);
  if (hook.secret)
    output.err(output.paint('dim', 'The secret is shown only now: store it where your receiver reads it.'));
}

interface HookFlags {
  url?: string;
  event?: string[];
  description?: string;
  enable?: boolean;
  disable?: boolean;
  body?: string;
}

function hookBody(flags: HookFlags): Record<string, unknown> {
  if (flags.enable && flags.disable) throw usageError('Give --enable or --disable, not both.');
  return {
    ...jsonObject(flags.body, '--body'),
    ...defined({
      url: flags.url,
      events: flags.event,
      description: flags.description === 'none' ? null : flags.description,
      enabled: flags.enable ? true : flags.disable ? false : undefined,
    }),
  };
}

function withHookFlags(command: Command): Command {
  return command
    .option('--url <url>', 'where deliveries are POSTed')
    .option(
      '--event <type>',
      'an event type, e.g. qrcode.created or scan.created (repeat, or comma-separated)',
      collect,
    )
    .option('--description <text>', 'what the endpoint is for')
    .option('--body <json>', 'the whole request body (JSON, @file or -); flags override its fields');
}

export function webhooksCommands(program: Command): void {
  const webhooks = program
    .command('webhooks')
    .description('endpoints that receive events (Standard Webhooks)');

  withHookFlags(webhooks.command('create').description('add an endpoint (its secret is shown once)')).action(
    action(async (context, flags: HookFlags) => {
      printWebhook(
        context,
        await context.api().json<Webhook>('POST', '/webhooks', { body: hookBody(flags) }),
      );
    }),
  );

  webhooks
    .command('list')
    .description('list endpoints')
    .option('--limit <n>', 'endpoints a page (1-100)')
    .option('--cursor <cursor>', 'the page after this cursor')
    .option('--all', 'every page')
    .action(
      action(async (context, options) => printList(context, '/webhooks', {}, options as never, columns)),
    );

  webhooks
    .command('get')
    .description('show one endpoint')
    .argument('<id>', 'wh_...')
    .action(
      action(async (context, id: string) => {
        printWebhook(context, await context.api().json<Webhook>('GET', `/webhooks/${pathId(id)}`));
      }),
    );

  withHookFlags(webhooks.command('update').description('change an endpoint (only the fields given)'))
    .argument('<id>', 'wh_...')
    .option('--enable', 'deliver again (also after it was disabled for failures)')
    .option('--disable', 'stop delivering')
    .action(
      action(async (context, id: string, flags: HookFlags) => {
        const body = hookBody(flags);
        if (Object.keys(body).length === 0) throw usageError('Nothing to change: give a flag or --body.');
        printWebhook(
          context,
          await context.api().json<Webhook>('PATCH', `/webhooks/${pathId(id)}`, { body }),
        );
      }),
    );

  webhooks
    .command('delete')
    .description('delete an endpoint')
    .argument('<id...>', 'wh_... (one or more)')
    .action(
      action(async (context, ids: string[]) => {
        for (const id of ids) await context.api().json('DELETE', `/webhooks/${pathId(id)}`);
        if (context.output.json) return printJson(context.output, { deleted: ids });
        for (const id of ids) context.output.out(`Deleted ${id}.`);
      }),
    );

  webhooks
    .command('test')
    .description('send a webhook.test event now')
    .argument('<id>', 'wh_...')
    .action(
      action(async (context, id: string) => {
        const answer = await context.api().json<unknown>('POST', `/webhooks/${pathId(id)}/test`);
        if (context.output.json) return printJson(context.output, answer ?? {});
        context.output.out(`Sent a webhook.test event to ${id}; see rq webhooks deliveries ${id}.`);
      }),
    );

  webhooks
    .command('deliveries')
    .description("an endpoint's deliveries, newest first")
    .argument('<id>', 'wh_...')
    .option('--status <status>', 'pending, delivered or failed')
    .option('--limit <n>', 'deliveries a page (1-100)')
    .option('--cursor <cursor>', 'the page after this cursor')
    .option('--all', 'every page')
    .action(
      action(async (context, id: string, options: { status?: string }) => {
        await printList(
          context,
          `/webhooks/${pathId(id)}/deliveries`,
          { status: options.status },
          options as never,
          deliveryColumns,
        );
      }),
    );

  webhooks
    .command('retry')
    .description('deliver one delivery again now')
    .argument('<id>', 'wh_...')
    .argument('<delivery>', 'dlv_...')
    .action(
      action(async (context, id: string, delivery: string) => {
        const answer = await context
          .api()
          .json<unknown>('POST', `/webhooks/${pathId(id)}/deliveries/${pathId(delivery)}/retry`);
        if (context.output.json) return printJson(context.output, answer ?? {});
        context.output.out(`Retrying ${delivery}.`);
      }),
    );

  webhooks
    .command('rotate-secret')
    .description('make a new signing secret (the old one also signs for 24 h)')
    .argument('<id>', 'wh_...')
    .action(
      action(async (context, id: string) => {
        printWebhook(
          context,
          await context.api().json<Webhook>('POST', `/webhooks/${pathId(id)}/rotate-secret`),
        );
      }),
    );
}
