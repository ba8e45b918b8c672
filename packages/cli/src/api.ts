import type { Problem, RqClient } from '@rq/client';
import { CliError, exitCodeForStatus } from './exit-codes.js';

/** The calls the commands make: the typed client (@rq/client), its errors as CliErrors. */
export interface Api {
  /** Typed path calls and methods by operation (`rq.qrcodes.create({ body })`). */
  rq: RqClient;
  /**
   * A call whose body the caller reads (images, CSV, ZIP, the live stream), made with the client's
   * typed openapi-fetch calls (`raw => raw.GET('/api/v1/...', { parseAs: 'stream' })`); answers the
   * response when it is OK.
   */
  response(
    call: (raw: RqClient['raw']) => Promise<{ response: Response; error?: unknown }>,
  ): Promise<Response>;
}

/** The problem as a CLI error: its detail, its field paths, and an exit code by status. */
export function problemError(problem: Problem & { status: number }): CliError {
  const message = problem.detail ?? problem.title ?? `The server answered ${problem.status}.`;
  // A single field error is often the detail itself: print it once.
  const details = (problem.errors ?? [])
    .map((e) => `${e.path || '/'}: ${e.message}`)
    .filter((line) => line !== message);
  return new CliError(message, exitCodeForStatus(problem.status), details, { ...problem });
}
