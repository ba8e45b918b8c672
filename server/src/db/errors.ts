/**
 * True when the error is a unique-constraint violation, in either dialect: PostgreSQL's SQLSTATE
 * 23505, SQLite's SQLITE_CONSTRAINT_UNIQUE (or PRIMARYKEY) from better-sqlite3.
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
