/**
 * Errors that mean the database cannot be reached right now (PostgreSQL stopped, restarting or
 * out of connections, the pool unable to connect, a connection cut; SQLite locked past its busy
 * timeout, its file unreadable or closed), not that the request or our code is wrong: the API
 * answers them 503 so clients retry. Told apart by code only: a driver's message text is not an
 * interface and changes between versions.
 */

/** Our code for a driver's own error of a lost, unobtainable or closed connection, which has none. */
export const DATABASE_UNAVAILABLE = 'RQ_DATABASE_UNAVAILABLE';

/** Node's errno codes of a socket that could not connect or was cut. */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** SQLSTATEs besides class 08 (connection exception): shutdown, crash, starting up, too many connections. */
const POSTGRES_CODES = new Set(['57P01', '57P02', '57P03', '53300']);

/** SQLite's primary result codes; better-sqlite3 reports extended ones (SQLITE_BUSY_SNAPSHOT). */
const SQLITE_CODES = ['SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_CANTOPEN', 'SQLITE_IOERR'];

export function isDatabaseUnavailable(error: { code?: unknown }): boolean {
  const code = error.code;
  if (typeof code !== 'string') return false;
  return (
    code === DATABASE_UNAVAILABLE ||
    SOCKET_CODES.has(code) ||
    POSTGRES_CODES.has(code) ||
    /^08[0-9A-Z]{3}$/.test(code) ||
    SQLITE_CODES.some((primary) => code === primary || code.startsWith(`${primary}_`))
  );
}

/**
 * Gives a driver's error our code when it has none: for the errors a driver raises itself about
 * its connection (node-postgres' "connection terminated", its pool's connect timeout).
 */
export function markUnavailable<T>(error: T): T {
  if (error instanceof Error && !(error as { code?: unknown }).code) {
    Object.assign(error, { code: DATABASE_UNAVAILABLE });
  }
  return error;
}
