/** Types for server-process.mjs (imported from TypeScript by the tests). */
import type { ChildProcess } from 'node:child_process';

/** The built server: server/dist/server.js. */
export const SERVER_ENTRY: string;
/** Node flags every server process runs with (V8's young generation size). */
export const SERVER_NODE_FLAGS: string[];
export const SERVER_ENV: Record<string, string>;

export interface ServerProcessOptions {
  /** Added to this process's environment; PORT and HOST (127.0.0.1) are set by the helper. */
  env?: Record<string, string | undefined>;
  /** Default: a free loopback port (freePort). */
  port?: number;
  /** What node runs: default the built server. */
  argv?: string[];
  /** Default: the repository's root. */
  cwd?: string;
  /** The path that answers 200 once the server is ready: default /readyz. */
  readyPath?: '/readyz' | '/healthz';
  /** Default 60 s. */
  timeoutMs?: number;
  /** Let the process write to this one's stdout and stderr instead of keeping its log. */
  inheritOutput?: boolean;
  /** In error messages: default "the server". */
  name?: string;
}

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  /** http://127.0.0.1:PORT */
  base: string;
  /** What the process wrote to stdout and stderr so far (its newest megabyte). */
  output(): string;
  /** Resolves once the process has exited. */
  exited: Promise<void>;
  /** Sends `signal` (default SIGTERM), SIGKILL after `graceMs` (default 20 s); resolves once it exited. */
  stop(signal?: NodeJS.Signals, graceMs?: number): Promise<void>;
}

export function startServerProcess(options?: ServerProcessOptions): Promise<ServerProcess>;
