import { idTimeBound } from '../../shared/ids.js';
import { type FieldError, validationFailed } from '../../shared/problem.js';
import type { EventListQuery } from './events.schemas.js';

/**
 * What a page of the log is read by: at most one equality on a column that has its own index
 * (workspace_id, column, id), the others as checks on the rows that range yields, and the time
 * range as id bounds (ids start with their time), so a filtered page is one index range.
 */
export interface EventFilters {
  type?: string;
  resourceType?: string;
  resourceId?: string;
  actorId?: string;
  /** Ids at or above (events at or after `from`). */
  idAtLeast?: string;
  /** Ids below (events before `to`). */
  idBelow?: string;
}

// A date-time with its zone (Z or an offset), or a date (its midnight in UTC).
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** A time query parameter in ms, or undefined (absent, or unreadable: then an error for `path` is added). */
export function instantParam(
  text: string | undefined,
  path: string,
  errors: FieldError[],
): number | undefined {
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

/** The query's filters as the repository reads them; bad times are a 400 naming the parameter. */
export function eventFilters(query: EventListQuery): EventFilters {
  const errors: FieldError[] = [];
  const from = instantParam(query.from, '/query/from', errors);
  const to = instantParam(query.to, '/query/to', errors);
  if (from !== undefined && to !== undefined && from >= to) {
    errors.push({ path: '/query/to', message: 'must be after from' });
  }
  if (errors.length > 0) throw validationFailed(errors);
  return {
    ...(query.type === undefined ? {} : { type: query.type }),
    ...(query.resourceType === undefined ? {} : { resourceType: query.resourceType }),
    ...(query.resource === undefined ? {} : { resourceId: query.resource }),
    ...(query.actor === undefined ? {} : { actorId: query.actor }),
    ...(from === undefined ? {} : { idAtLeast: idTimeBound('evt', from) }),
    ...(to === undefined ? {} : { idBelow: idTimeBound('evt', to) }),
  };
}
