import type { Answer, Body, QueryOf } from '@rq/client';
import type { Command } from 'commander';
import type { Context } from '../context.js';
import { action, changesBody, collect, defined, jsonObject, userBody } from '../context.js';
import { usageError } from '../exit-codes.js';
import { type PageOptions, printList, withPageOptions } from '../lists.js';
import { type Column, printJson, printObject } from '../output.js';
import { deleteCommand, idCommand, listCommand } from '../resource-commands.js';

/** A webhook as read, or as created or rotated (with its secret, shown once). */
type Webhook = Answer<'/api/v1/webhooks/{id}', 'get'> | Answer<'/api/v1/webhooks', 'post'>;

type Delivery = Answer<'/api/v1/webhooks/{id}/deliveries/{deliveryId}', 'get'>;

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
  printObject(output, hook, (h) => [
    ['Id', h.id],
    ['URL', h.url],
    ['Description', h.description],
    ['Events', h.events],
    ['Enabled', h.enabled ? 'yes' : `no${h.disabledReason ? ` (${h.disabledReason})` : ''}`],
    ...('secret' in h ? ([['Secret', output.paint('yellow', h.secret)]] as [string, unknown][]) : []),
    ['Created', h.createdAt],
  ]);
  if (!output.json && 'secret' in hook)
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
        await context
          .api()
          .rq.webhooks.create({ body: userBody<Body<'/api/v1/webhooks', 'post'>>(hookBody(flags)) }),
      );
    }),
  );

  listCommand(
    webhooks,
    'list endpoints',
    'endpoints',
    (context) => (page) => context.api().rq.webhooks.list({ params: { query: page } }),
    columns,
  );

  idCommand(
    webhooks.command('get').description('show one endpoint'),
    'wh_...',
    (context, id) => context.api().rq.webhooks.get({ params: { path: { id } } }),
    printWebhook,
  );

  idCommand(
    withHookFlags(webhooks.command('update').description('change an endpoint (only the fields given)'))
      .option('--enable', 'deliver again (also after it was disabled for failures)')
      .option('--disable', 'stop delivering'),
    'wh_...',
    (context, id, flags: HookFlags) =>
      context.api().rq.webhooks.update({
        params: { path: { id } },
        body: changesBody<Body<'/api/v1/webhooks/{id}', 'patch'>>(hookBody(flags)),
      }),
    printWebhook,
  );

  deleteCommand(webhooks, 'delete an endpoint', 'wh_...', (context, id) =>
    context.api().rq.webhooks.delete({ params: { path: { id } } }),
  );

  webhooks
    .command('test')
    .description('send a webhook.test event now')
    .argument('<id>', 'wh_...')
    .action(
      action(async (context, id: string) => {
        const answer = await context.api().rq.webhooks.test({ params: { path: { id } } });
        if (context.output.json) return printJson(context.output, answer ?? {});
        context.output.out(`Sent a webhook.test event to ${id}; see rq webhooks deliveries ${id}.`);
      }),
    );

  withPageOptions(
    webhooks
      .command('deliveries')
      .description("an endpoint's deliveries, newest first")
      .argument('<id>', 'wh_...')
      .option('--status <status>', 'pending, delivered or failed'),
    'deliveries',
  ).action(
    action(async (context, id: string, options: PageOptions & { status?: string }) => {
      const status = userBody<QueryOf<'/api/v1/webhooks/{id}/deliveries'>>(
        defined({ status: options.status }),
      );
      const { rq } = context.api();
      await printList(
        context,
        (page) => rq.webhooks.listDeliveries({ params: { path: { id }, query: { ...status, ...page } } }),
        options,
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
          .rq.webhooks.retryDelivery({ params: { path: { id, deliveryId: delivery } } });
        if (context.output.json) return printJson(context.output, answer ?? {});
        context.output.out(`Retrying ${delivery}.`);
      }),
    );

  idCommand(
    webhooks
      .command('rotate-secret')
      .description('make a new signing secret (the old one also signs for 24 h)'),
    'wh_...',
    (context, id) => context.api().rq.webhooks.rotateSecret({ params: { path: { id } } }),
    printWebhook,
  );
}
