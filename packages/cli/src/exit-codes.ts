/**
 * What `rq` exits with, so scripts can tell failures apart without parsing messages. Documented in
 * web/docs/cli.md; never renumber one.
 */
export const EXIT = {
  ok: 0,
  /** Anything else: the server failed, the network is down, a file cannot be read. */
  error: 1,
  /** The command line is wrong: unknown command or option, a missing argument, bad JSON given. */
  usage: 2,
  /** No key, a wrong or expired key, or a key without the scope or role the call needs (401, 403). */
  auth: 3,
  /** The id names nothing in this workspace (404). */
  notFound: 4,
  /** The server refused the input (400, 409, 413, 415, 422); the field paths are printed. */
  validation: 5,
  /** Still rate limited (429) or unavailable (503) after retrying as Retry-After said. */
  unavailable: 6,
} as const;

/** The exit code for an API answer's HTTP status. */
export function exitCodeForStatus(status: number): number {
  if (status === 401 || status === 403) return EXIT.auth;
  if (status === 404) return EXIT.notFound;
  if ([400, 409, 413, 415, 422].includes(status)) return EXIT.validation;
  if (status === 429 || status === 503) return EXIT.unavailable;
  return EXIT.error;
}

/** A failure that already knows its message and exit code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number = EXIT.error,
    /** Lines printed under the message (field paths and their messages). */
    readonly details: string[] = [],
    /** The API's problem answer this error stands for, for a command that reads more of it. */
    readonly problem?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export function usageError(message: string): CliError {
  return new CliError(message, EXIT.usage);
}
