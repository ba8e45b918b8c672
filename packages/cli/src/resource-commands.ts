import type { Command } from 'commander';
import { action, type Context } from './context.js';
import { type PageCall, type PageOptions, printList, withPageOptions } from './lists.js';
import { type Column, printJson } from './output.js';

/*
 * The commands every resource of the API has (rules, webhooks, hostnames, codes): list, and get,
 * change or delete by id, built one way so their help, output and --json read alike.
 */

/** `<parent> list`: a list route without filters, one page or with --all every page. */
export function listCommand<T>(
  parent: Command,
  description: string,
  rows: string,
  listPage: (context: Context) => PageCall<T>,
  columns: Column<T>[],
): Command {
  return withPageOptions(parent.command('list').description(description), rows).action(
    action((context, options: PageOptions) => printList(context, listPage(context), options, columns)),
  );
}

/**
 * `<parent> delete <id...>`: deletes each id in turn with `remove`, then says so (`{ deleted }`
 * with --json). `what` names the ids in the help (`rule_...`).
 */
export function deleteCommand(
  parent: Command,
  description: string,
  what: string,
  remove: (context: Context, id: string) => Promise<unknown>,
): Command {
  return parent
    .command('delete')
    .description(description)
    .argument('<id...>', `${what} (one or more)`)
    .action(
      action(async (context, ids: string[]) => {
        for (const id of ids) await remove(context, id);
        if (context.output.json) return printJson(context.output, { deleted: ids });
        for (const id of ids) context.output.out(`Deleted ${id}.`);
      }),
    );
}

/**
 * `<command> <id>`: calls the API for that id with the command's options (`call`: get, change,
 * verify, ...) and shows the answer with `print`. `what` names the id in the help (`rule_...`).
 */
export function idCommand<T, O = Record<string, unknown>>(
  command: Command,
  what: string,
  call: (context: Context, id: string, options: O) => Promise<T>,
  print: (context: Context, value: T) => void,
): Command {
  return command.argument('<id>', what).action(
    action(async (context, id: string, options: O) => {
      print(context, await call(context, id, options));
    }),
  );
}
