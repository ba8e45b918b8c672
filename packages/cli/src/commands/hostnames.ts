import type { Answer, Body } from '@rq/client';
import type { Command } from 'commander';
import type { Context } from '../context.js';
import { action, changesBody, defined, jsonObject } from '../context.js';
import { EXIT } from '../exit-codes.js';
import { type Column, printObject } from '../output.js';
import { deleteCommand, idCommand, listCommand } from '../resource-commands.js';

type Hostname = Answer<'/api/v1/hostnames/{id}', 'get'>;

const columns: Column<Hostname>[] = [
  { header: 'id', value: (h) => h.id },
  { header: 'hostname', value: (h) => h.hostname },
  { header: 'status', value: (h) => h.status },
  { header: 'verified', value: (h) => h.verifiedAt },
];

function printHostname(context: Context, host: Hostname): void {
  const { output } = context;
  const colour = host.status === 'verified' ? 'green' : host.status === 'failed' ? 'red' : 'yellow';
  printObject(output, host, (h) => [
    ['Id', h.id],
    ['Hostname', h.hostname],
    ['Status', output.paint(colour, h.status)],
    ['Failure', h.failure ? `${h.failure.code}: ${h.failure.detail}` : null],
    ['TXT record', `${h.verification.name} = ${h.verification.value}`],
    ['Routing', `${h.routing.type} ${h.routing.name} -> ${h.routing.value}`],
    ['Root redirect', h.rootRedirect],
    ['Not found redirect', h.notFoundRedirect],
    ['Verified', h.verifiedAt],
    ['Last checked', h.lastCheckedAt],
  ]);
}

interface HostFlags {
  rootRedirect?: string;
  notFoundRedirect?: string;
  body?: string;
}

function hostBody(flags: HostFlags): Record<string, unknown> {
  const clear = (value: string | undefined) => (value === 'none' ? null : value);
  return {
    ...jsonObject(flags.body, '--body'),
    ...defined({ rootRedirect: clear(flags.rootRedirect), notFoundRedirect: clear(flags.notFoundRedirect) }),
  };
}

export function hostnamesCommands(program: Command): void {
  const hostnames = program.command('hostnames').description('custom hostnames for short URLs');

  hostnames
    .command('add')
    .alias('create')
    .description('add a hostname; then create the DNS records shown and run rq hostnames verify')
    .argument('<hostname>', 'e.g. qr.example.com')
    .action(
      action(async (context, hostname: string) => {
        printHostname(context, await context.api().rq.hostnames.create({ body: { hostname } }));
      }),
    );

  listCommand(
    hostnames,
    'list hostnames',
    'hostnames',
    (context) => (page) => context.api().rq.hostnames.list({ params: { query: page } }),
    columns,
  );

  idCommand(
    hostnames.command('get').description('show one hostname and its DNS records'),
    'host_...',
    (context, id) => context.api().rq.hostnames.get({ params: { path: { id } } }),
    printHostname,
  );

  idCommand(
    hostnames
      .command('update')
      .description("change a hostname's redirects")
      .option('--root-redirect <url>', 'where the bare hostname sends visitors (none: clear)')
      .option('--not-found-redirect <url>', 'where unknown slugs send visitors (none: clear)')
      .option('--body <json>', 'the whole request body (JSON, @file or -)'),
    'host_...',
    (context, id, flags: HostFlags) =>
      context.api().rq.hostnames.update({
        params: { path: { id } },
        body: changesBody<Body<'/api/v1/hostnames/{id}', 'patch'>>(hostBody(flags)),
      }),
    printHostname,
  );

  idCommand(
    hostnames.command('verify').description('check the DNS records now (exit 1 when not verified)'),
    'host_...',
    (context, id) => context.api().rq.hostnames.verify({ params: { path: { id } } }),
    (context, host) => {
      printHostname(context, host);
      if (host.status !== 'verified') process.exitCode = EXIT.error;
    },
  );

  deleteCommand(hostnames, 'delete a hostname', 'host_...', (context, id) =>
    context.api().rq.hostnames.delete({ params: { path: { id } } }),
  );
}
