import { type RawBuilder, sql } from 'kysely';

/**
 * The start of the `step` (milliseconds: an hour, a day) an epoch-milliseconds column falls in, as
 * SQL both engines read alike: a rollup read per hour or day instead of per quarter hour.
 */
export function stepStart(column: string, step: number): RawBuilder<string> {
  const time = sql.ref(column);
  return sql<string>`${time} - ${time} % ${sql.lit(step)}`;
}
