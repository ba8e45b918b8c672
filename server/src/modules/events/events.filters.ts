import { idTimeRange } from '../../shared/time-range.js';
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

/** The query's filters as the repository reads them; bad times are a 400 naming the parameter. */
export function eventFilters(query: EventListQuery): EventFilters {
  const range = idTimeRange('evt', query);
  return {
    ...(query.type === undefined ? {} : { type: query.type }),
    ...(query.resourceType === undefined ? {} : { resourceType: query.resourceType }),
    ...(query.resource === undefined ? {} : { resourceId: query.resource }),
    ...(query.actor === undefined ? {} : { actorId: query.actor }),
    ...range,
  };
}
