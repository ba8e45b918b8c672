import fs from 'node:fs';
import readline from 'node:readline/promises';
import type { Command } from 'commander';
import { normaliseServer, readConfig, removeConfig, writeConfig } from '../config.js';
import { connect } from '../connect.js';
import { action } from '../context.js';
import { CliError, EXIT } from '../exit-codes.js';
import { printFields, printJson } from '../output.js';

export function loginCommands(program: Command): void {
  program
    .command('login')
    .description('store an API key and the server it belongs to (checked against the API first)')
    .option(
      '--key <key>',
      'the API key (rq_...), as the global --api-key gives it too; asked for when left out, or read from stdin when piped',
    )
    .addHelpText(
      'after',
      '\nThe key and server are stored in $XDG_CONFIG_HOME/rq/config.json (else ~/.config/rq/config.json),\nreadable by you only. RQ_API_KEY and RQ_SERVER override them.',
    )
    .action(
      action(async (context, options: { key?: string }) => {
        const { output, settings } = context;
        const stored = readConfig(settings.configFile);
        const server = settings.server ?? normaliseServer(await ask('Server URL: ', false));
        // The key given on this command line only: a stored or RQ_API_KEY key is not a new login.
        const apiKey = options.key ?? context.flags.apiKey ?? (await ask('API key: ', true));
        if (!server) throw new CliError('Give the server: rq login --server URL.', EXIT.usage);
        if (!apiKey) throw new CliError('Give the key: rq login --api-key rq_... (or --key).', EXIT.usage);
        // A key that does not work is not stored: the next command would only fail later.
        const me = await connect({ server, apiKey }).rq.me.get();
        writeConfig(settings.configFile, { ...stored, server, apiKey });
        if (output.json) return printJson(output, { server, configFile: settings.configFile, me });
        output.out(
          `${output.paint('green', '✔')} Logged in to ${server} (${me.workspaces?.[0]?.name ?? me.id}).`,
        );
        output.out(output.paint('dim', `Stored in ${settings.configFile}`));
      }),
    );

  program
    .command('logout')
    .description('forget the stored API key and server')
    .action(
      action(async ({ output, settings }) => {
        const removed = removeConfig(settings.configFile);
        if (output.json) return printJson(output, { loggedOut: removed, configFile: settings.configFile });
        output.out(removed ? `Logged out (${settings.configFile} removed).` : 'Not logged in.');
      }),
    );

  program
    .command('whoami')
    .description('the workspace the key acts for')
    .action(
      action(async (context) => {
        const me = await context.api().rq.me.get();
        if (context.output.json) return printJson(context.output, me);
        printFields(context.output, [
          ['Server', context.settings.server],
          ['Workspace', me.workspaces?.map((w) => `${w.name} (${w.id})`)],
          ['Account', me.id],
          ['E-mail', me.email],
        ]);
      }),
    );
}

/** Asks on the terminal (the key without echo); reads one line from stdin when it is piped. */
async function ask(question: string, secret: boolean): Promise<string | undefined> {
  if (!process.stdin.isTTY) {
    if (!secret) return undefined;
    const text = fs.readFileSync(0, 'utf8').trim();
    return text.split('\n')[0]?.trim() || undefined;
  }
  const rl = readline.createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  if (secret) {
    // Echo nothing of the key itself (it acts for the whole workspace): readline's internal writer,
    // which its types do not name, echoes only the question and the line end.
    const write: (text: string) => void = Reflect.get(rl, '_writeToOutput');
    Reflect.set(rl, '_writeToOutput', (s: string) =>
      write.call(rl, s.startsWith(question) ? question : s === '\r\n' || s === '\n' ? s : ''),
    );
  }
  try {
    return (await rl.question(question)).trim() || undefined;
  } finally {
    rl.close();
  }
}
