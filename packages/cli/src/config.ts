import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CliError, EXIT } from './exit-codes.js';

/** What `rq login` stores: the key and the server it belongs to. */
export interface StoredConfig {
  server?: string;
  apiKey?: string;
}

/** The settings a command runs with, and where each came from (for `rq login --status`). */
export interface Settings {
  server: string | undefined;
  apiKey: string | undefined;
  configFile: string;
}

type Env = Record<string, string | undefined>;

/** `$XDG_CONFIG_HOME/rq/config.json`, else `~/.config/rq/config.json` (the XDG default). */
export function configFilePath(env: Env = process.env): string {
  const base = env.XDG_CONFIG_HOME?.trim() || path.join(env.HOME?.trim() || os.homedir(), '.config');
  return path.join(base, 'rq', 'config.json');
}

export function readConfig(file: string): StoredConfig {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as StoredConfig;
    return { server: parsed.server, apiKey: parsed.apiKey };
  } catch {
    throw new CliError(`${file} is not JSON; run rq login again (or delete it).`, EXIT.error);
  }
}

/** Writes the config readable by its owner only: it holds a key that acts for the workspace. */
export function writeConfig(file: string, config: StoredConfig): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  // The mode given to writeFileSync only applies to new files; a leftover temp keeps its own.
  fs.chmodSync(temp, 0o600);
  fs.renameSync(temp, file);
}

export function removeConfig(file: string): boolean {
  try {
    fs.unlinkSync(file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}

/** Flags win over the environment (RQ_API_KEY, RQ_SERVER), which wins over the stored config. */
export function resolveSettings(
  flags: { server?: string | undefined; apiKey?: string | undefined },
  env: Env = process.env,
): Settings {
  const configFile = configFilePath(env);
  const stored = readConfig(configFile);
  return {
    server: normaliseServer(flags.server ?? (env.RQ_SERVER?.trim() || stored.server)),
    apiKey: flags.apiKey ?? (env.RQ_API_KEY?.trim() || stored.apiKey),
    configFile,
  };
}

/** `rq.example.com` and `https://rq.example.com/` both mean `https://rq.example.com`. */
export function normaliseServer(server: string | undefined): string | undefined {
  if (!server) return undefined;
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(server) ? server : `https://${server}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new CliError(`The server "${server}" is not a URL.`, EXIT.usage);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new CliError(`The server "${server}" must be an http or https URL.`, EXIT.usage);
  }
  return url.toString().replace(/\/+$/, '');
}
