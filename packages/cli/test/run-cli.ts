import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';

export const cliDir = path.resolve(import.meta.dirname, '..');
export const repoRoot = path.resolve(cliDir, '../..');

/** Builds @rq/client and @rq/cli (incremental: quick when nothing changed), so the tests run today's `rq`. */
export function buildCli(): void {
  const result = spawnSync(path.join(repoRoot, 'node_modules/.bin/tsc'), ['-b', 'packages/cli'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`building the CLI failed:\n${result.stdout}${result.stderr}`);
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  /** stdout parsed as JSON (for --json runs). */
  json<T = Record<string, unknown>>(): T;
}

/**
 * Runs `rq` as a user would: a child process (never in this process, which serves the API), with
 * only the environment given (a config home of the test's, no colours unless asked).
 */
export function runCli(
  args: string[],
  options: {
    env?: Record<string, string>;
    input?: string;
    bin?: string;
    /** An executable to run instead of `node <bin>` (an installed node_modules/.bin/rq). */
    command?: string;
    onStderr?: (text: string) => void;
    /** Kills a run that has not ended by then (a stream waiting for what never comes). */
    timeoutMs?: number;
  } = {},
): Promise<CliRun> {
  const bin = options.bin ?? path.join(cliDir, 'dist/bin.js');
  const [file, argv] = options.command ? [options.command, args] : [process.execPath, [bin, ...args]];
  const child = spawn(file, argv, {
    env: { PATH: process.env.PATH ?? '', ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => {
    stdout += text;
  });
  child.stderr.setEncoding('utf8').on('data', (text: string) => {
    stderr += text;
    options.onStderr?.(stderr);
  });
  child.stdin.end(options.input ?? '');
  const timer = options.timeoutMs ? setTimeout(() => child.kill(), options.timeoutMs) : undefined;
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({
        code: code ?? -1,
        stdout,
        stderr,
        json<T>() {
          try {
            return JSON.parse(stdout) as T;
          } catch {
            throw new Error(`rq ${args.join(' ')} printed no JSON (exit ${code}):\n${stdout}\n${stderr}`);
          }
        },
      });
    });
  });
}
