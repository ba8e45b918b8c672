import type { Answer, Body } from '@rq/client';
import type { Command } from 'commander';
import type { Context } from '../context.js';
import { action, changesBody, collect, defined, jsonArgument, jsonObject, userBody } from '../context.js';
import { usageError } from '../exit-codes.js';
import { type Column, printJson, printObject } from '../output.js';
import { deleteCommand, idCommand, listCommand } from '../resource-commands.js';

type Rule = Answer<'/api/v1/rules/{id}', 'get'>;

const columns: Column<Rule>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'name', value: (r) => r.name },
  { header: 'enabled', value: (r) => (r.enabled ? 'yes' : 'no') },
  { header: 'then', value: (r) => r.then.redirect ?? (r.then.split ? 'split' : null) },
];

interface RuleFlags {
  name?: string;
  when?: string;
  redirect?: string;
  then?: string;
  body?: string;
  enable?: boolean;
  disable?: boolean;
}

function withRuleFlags(command: Command): Command {
  return command
    .option('--name <name>', 'what the rule is for')
    .option('--when <json>', 'the condition, e.g. \'{"os":["ios"]}\' (JSON, @file or -)')
    .option('--redirect <url>', 'send matching scans here (then: { redirect })')
    .option('--then <json>', 'the whole action, e.g. a split (JSON, @file or -)')
    .option('--body <json>', 'the whole request body (JSON, @file or -); flags override its fields');
}

function ruleBody(flags: RuleFlags): Record<string, unknown> {
  if (flags.enable && flags.disable) throw usageError('Give --enable or --disable, not both.');
  const then =
    flags.then !== undefined
      ? jsonArgument(flags.then, '--then')
      : flags.redirect
        ? { redirect: flags.redirect }
        : undefined;
  return {
    ...jsonObject(flags.body, '--body'),
    ...defined({
      name: flags.name,
      when: flags.when === undefined ? undefined : jsonArgument(flags.when, '--when'),
      then,
      enabled: flags.enable ? true : flags.disable ? false : undefined,
    }),
  };
}

function printRule(context: Context, rule: Rule): void {
  printObject(context.output, rule, (r) => [
    ['Id', r.id],
    ['Name', r.name],
    ['Enabled', r.enabled ? 'yes' : 'no'],
    ['When', r.when ?? 'always'],
    ['Then', r.then],
    ['Updated', r.updatedAt],
  ]);
}

export function rulesCommands(program: Command): void {
  const rules = program.command('rules').description('redirect rules, and which rules a code uses');

  withRuleFlags(rules.command('create').description('create a rule'))
    .addHelpText(
      'after',
      '\nExample:\n  rq rules create --name iPhones --when \'{"os":["ios"]}\' --redirect https://apps.apple.com/app/id1',
    )
    .action(
      action(async (context, flags: RuleFlags) => {
        printRule(
          context,
          await context
            .api()
            .rq.rules.create({ body: userBody<Body<'/api/v1/rules', 'post'>>(ruleBody(flags)) }),
        );
      }),
    );

  listCommand(
    rules,
    'list rules',
    'rules',
    (context) => (page) => context.api().rq.rules.list({ params: { query: page } }),
    columns,
  );

  idCommand(
    rules.command('get').description('show one rule'),
    'rule_...',
    (context, id) => context.api().rq.rules.get({ params: { path: { id } } }),
    printRule,
  );

  idCommand(
    withRuleFlags(rules.command('update').description('change a rule (only the fields given)'))
      .option('--enable', 'turn it on')
      .option('--disable', 'turn it off (codes skip it)'),
    'rule_...',
    (context, id, flags: RuleFlags) =>
      context.api().rq.rules.update({
        params: { path: { id } },
        body: changesBody<Body<'/api/v1/rules/{id}', 'patch'>>(ruleBody(flags)),
      }),
    printRule,
  );

  deleteCommand(rules, 'delete a rule (it is taken off every code)', 'rule_...', (context, id) =>
    context.api().rq.rules.delete({ params: { path: { id } } }),
  );

  rules
    .command('code')
    .description("show a code's rules, or with --set (or --clear) replace them (first match wins)")
    .argument('<code>', 'qr_...')
    .option('--set <ids>', 'the rules in order (repeat, or comma-separated)', collect)
    .option('--clear', 'take every rule off the code')
    .action(
      action(async (context, code: string, options: { set?: string[]; clear?: boolean }) => {
        const { rq } = context.api();
        const params = { path: { id: code } };
        const answer =
          options.set || options.clear
            ? await rq.qrcodes.setRules({ params, body: { rules: options.clear ? [] : (options.set ?? []) } })
            : await rq.qrcodes.getRules({ params });
        if (context.output.json) return printJson(context.output, answer);
        if (answer.rules.length === 0) context.output.out('No rules: every scan goes to the default target.');
        for (const [i, rule] of answer.rules.entries()) context.output.out(`${i + 1}. ${rule}`);
      }),
    );
}
