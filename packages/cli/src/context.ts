import fs from 'node:fs';
import type { Command } from 'commander';
import type { Api } from './api.js';
import { resolveSettings, type Settings } from './config.js';
import { connect } from './connect.js';
import { CliError, EXIT, usageError } from './exit-codes.js';
import { createOutput, type Output } from './output.js';

/** What every command gets: where to print, and the API once a key is known. */
export interface Context {
  output: Output;
  settings: Settings;
  /** The global options as given on the command line (settings add the environment and the login to them). */
  flags: GlobalOptions;
  /** The API as the stored (or given) key; a CliError (exit 3) when there is no key. */
  api(): Api;
}

export interface GlobalOptions {
  json?: boolean;
  server?: string;
  apiKey?: string;
}

export function contextOf(command: Command): Context {
  const options = command.optsWithGlobals<GlobalOptions>();
  const output = createOutput({ json: Boolean(options.json) });
  const settings = resolveSettings({ server: options.server, apiKey: options.apiKey });
  let api: Api | undefined;
  return {
    output,
    settings,
    flags: options,
    api() {
      if (!settings.apiKey) {
        throw new CliError('Not logged in: run rq login, or set RQ_API_KEY.', EXIT.auth);
      }
      if (!settings.server) {
        throw new CliError('No server: run rq login --server URL, or set RQ_SERVER.', EXIT.auth);
      }
      api ??= connect({
        server: settings.server,
        apiKey: settings.apiKey,
        onRetry: (seconds, status) =>
          output.err(
            output.paint(
              'yellow',
              `${status === 429 ? 'Rate limited' : 'Unavailable'} (${status})${seconds === undefined ? '' : `: the server asks to wait ${seconds} s`}.`,
            ),
          ),
      });
      return api;
    },
  };
}

/** Runs a command's action with its context; errors go up to main(), which prints them. */
export function action<A extends unknown[]>(
  run: (context: Context, ...args: A) => Promise<void>,
): (...args: unknown[]) => Promise<void> {
  return async (...args: unknown[]) => {
    const command = args[args.length - 1] as Command;
    await run(contextOf(command), ...(args.slice(0, -1) as A));
  };
}

/** A JSON value given on the command line: inline, `@file`, or `-` for stdin. */
export function jsonArgument(text: string, name: string): unknown {
  let source = text;
  if (text === '-') source = fs.readFileSync(0, 'utf8');
  else if (text.startsWith('@')) source = readFileOrUsage(text.slice(1));
  try {
    return JSON.parse(source);
  } catch (error) {
    throw usageError(`${name} is not JSON: ${(error as Error).message}`);
  }
}

/**
 * A request body made of the user's flags and JSON, sent as given: the server checks it (a 400 names
 * the field), so the CLI neither repeats the API's rules nor copies its shapes.
 */
export function userBody<B>(fields: Record<string, unknown>): B {
  return fields as B;
}

/** An update's body from its flags: `userBody`, but a usage error when it changes nothing. */
export function changesBody<B>(fields: Record<string, unknown>): B {
  if (Object.keys(fields).length === 0) throw usageError('Nothing to change: give a flag or --body.');
  return userBody<B>(fields);
}

export function jsonObject(text: string | undefined, name: string): Record<string, unknown> {
  if (text === undefined) return {};
  const value = jsonArgument(text, name);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw usageError(`${name} must be a JSON object.`);
  }
  return value as Record<string, unknown>;
}

export function readFileOrUsage(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new CliError(`Cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? error}.`, EXIT.error);
  }
}

/** Commander's collector for options given more than once (`--tag a --tag b`). */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [
    ...(previous ?? []),
    ...value
      .split(',')
      .map((v) => v.trim())
      .filter(Boolean),
  ];
}

/** Drops undefined values, so a body carries only what was given. */
export function defined(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
}
