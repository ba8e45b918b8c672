import { type IdPrefix, idTimeBound } from './ids.js';
import { type FieldError, validationFailed } from './problem.js';

// A date-time with its zone (Z or an offset), or a date (its midnight in UTC).
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** A time query parameter in ms, or undefined (absent, or unreadable: then an error for `path` is added). */
function instantParam(text: string | undefined, path: string, errors: FieldError[]): number | undefined {
  if (text === undefined) return undefined;
  const ms = ISO_INSTANT.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(ms)) {
    errors.push({
      path,
      message: 'must be an ISO 8601 date or date-time with its offset (2026-11-26T10:00:00Z)',
    });
    return undefined;
  }
  return ms;
}

/** Ids made from `from` (inclusive) to `to` (exclusive), as bounds on ids that start with their time. */
export interface IdTimeRange {
  idAtLeast?: string;
  idBelow?: string;
}

/**
 * The `from` and `to` query parameters of a log (events, webhook deliveries) as id bounds; an
 * unreadable time, or a `to` not after `from`, is a 400 naming the parameter.
 */
export function idTimeRange(
  prefix: IdPrefix,
  query: { from?: string | undefined; to?: string | undefined },
): IdTimeRange {
  const errors: FieldError[] = [];
  const from = instantParam(query.from, '/query/from', errors);
  const to = instantParam(query.to, '/query/to', errors);
  if (from !== undefined && to !== undefined && from >= to) {
    errors.push({ path: '/query/to', message: 'must be after from' });
  }
  if (errors.length > 0) throw validationFailed(errors);
  return {
    ...(from === undefined ? {} : { idAtLeast: idTimeBound(prefix, from) }),
    ...(to === undefined ? {} : { idBelow: idTimeBound(prefix, to) }),
  };
}
