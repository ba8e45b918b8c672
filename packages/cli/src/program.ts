import { Command, CommanderError } from 'commander';
import { analyticsCommands } from './commands/analytics.js';
import { codesCommands } from './commands/codes.js';
import { conversionsCommands } from './commands/conversions.js';
import { gs1Commands } from './commands/gs1.js';
import { hostnamesCommands } from './commands/hostnames.js';
import { loginCommands } from './commands/login.js';
import { rulesCommands } from './commands/rules.js';
import { transferCommands } from './commands/transfer.js';
import { webhooksCommands } from './commands/webhooks.js';
import { CliError, EXIT } from './exit-codes.js';
import { colourFor } from './output.js';

import { VERSION } from './version.js';

export { VERSION };

const EXIT_CODES_HELP = `
Exit codes:
  0  ok                          4  not found (404)
  1  error                       5  refused input (400, 409, 422): field paths are printed
  2  usage (bad command line)    6  rate limited or unavailable after retries (429, 503)
  3  auth (no key, 401, 403)

Environment: RQ_API_KEY and RQ_SERVER override the stored login; NO_COLOR turns colours off.
Docs: https://rq.codes/docs/cli`;

export function buildProgram(): Command {
  const program = new Command('rq')
    .description('RQ Codes from the command line: dynamic QR codes, rules, hostnames, analytics, webhooks')
    .version(VERSION)
    .option('--json', "print the API's JSON (for scripts) instead of tables")
    .option('--server <url>', 'the RQ Codes server (default: the stored login, or RQ_SERVER)')
    .option('--api-key <key>', 'the API key (default: the stored login, or RQ_API_KEY)')
    .showHelpAfterError('(add --help for usage)')
    .addHelpText('after', EXIT_CODES_HELP)
    .configureHelp({ showGlobalOptions: true })
    .configureOutput({ outputError: (text, write) => write(text) });
  loginCommands(program);
  codesCommands(program);
  rulesCommands(program);
  hostnamesCommands(program);
  gs1Commands(program);
  analyticsCommands(program);
  conversionsCommands(program);
  transferCommands(program);
  webhooksCommands(program);
  exitOverrideAll(program);
  return program;
}

/** Commander exits by itself on bad usage; this makes it throw, so main() picks the exit code. */
function exitOverrideAll(command: Command): void {
  command.exitOverride();
  for (const sub of command.commands) exitOverrideAll(sub);
}

/** Runs `rq` with the arguments; answers the exit code (see EXIT). */
export async function main(argv: string[]): Promise<number> {
  const program = buildProgram();
  try {
    if (argv.length === 0) {
      program.outputHelp();
      return EXIT.usage;
    }
    await program.parseAsync(argv, { from: 'user' });
    return typeof process.exitCode === 'number' ? process.exitCode : EXIT.ok;
  } catch (error) {
    return reportError(error);
  }
}

function reportError(error: unknown): number {
  if (error instanceof CommanderError) {
    // Commander printed its message already; help and version are not failures.
    if (error.code === 'commander.helpDisplayed' || error.code === 'commander.version') return EXIT.ok;
    // A group called without a subcommand shows its help as an error (exit code 1): nothing ran.
    return error.code === 'commander.help' && error.exitCode === 0 ? EXIT.ok : EXIT.usage;
  }
  const red = (text: string) => (colourFor(process.stderr) ? `\u001b[31m${text}\u001b[39m` : text);
  if (error instanceof CliError) {
    process.stderr.write(`${red('error:')} ${error.message}\n`);
    for (const line of error.details) process.stderr.write(`  ${line}\n`);
    return error.exitCode;
  }
  process.stderr.write(`${red('error:')} ${(error as Error)?.stack ?? String(error)}\n`);
  return EXIT.error;
}
