import { CliError, exitCodeForStatus } from './exit-codes.js';

/** A problem+json answer (API.md "Errors"). */
export interface Problem {
  type?: string;
  title?: string;
  status: number;
  detail?: string;
  code?: string;
  errors?: { path: string; message: string }[];
}

export type Query = Record<string, string | number | boolean | string[] | undefined>;

export interface CallOptions {
  query?: Query;
  /** A JSON body, or raw bytes/text with `contentType`. */
  body?: unknown;
  contentType?: string;
  accept?: string;
}

/** The calls the commands make; one implementation over the typed client (@rq/client). */
export interface Api {
  /** A call answering JSON (or nothing: 204). */
  json<T>(method: string, path: string, options?: CallOptions): Promise<T>;
  /** A call whose body is read by the caller (images, CSV, ZIP, the live stream). */
  raw(method: string, path: string, options?: CallOptions): Promise<Response>;
  /** A list's pages, following `nextCursor` until it is null. */
  pages<T>(path: string, query?: Query): AsyncGenerator<{ data: T[]; nextCursor: string | null }>;
}

/** The problem as a CLI error: its detail, its field paths, and an exit code by status. */
export function problemError(problem: Problem): CliError {
  const message = problem.detail ?? problem.title ?? `The server answered ${problem.status}.`;
  // A single field error is often the detail itself: print it once.
  const details = (problem.errors ?? [])
    .map((e) => `${e.path || '/'}: ${e.message}`)
    .filter((line) => line !== message);
  return new CliError(message, exitCodeForStatus(problem.status), details, { ...problem });
}
