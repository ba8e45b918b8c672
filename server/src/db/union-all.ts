import type { SelectQueryBuilder } from 'kysely';

/**
 * The parts as one query, `union all` in order (undefined for none): a read made of several
 * ranges (weeks, days, quarter hours) is one round trip, not one per part.
 */
export function unionAll<DB, TB extends keyof DB, O>(
  parts: readonly SelectQueryBuilder<DB, TB, O>[],
): SelectQueryBuilder<DB, TB, O> | undefined {
  const [first, ...rest] = parts;
  return first && rest.reduce((union, part) => union.unionAll(part), first);
}
