import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { EventFilters } from './events.filters.js';
import type { EventRow } from './events.table.js';

/** All SQL of the audit log. */

/**
 * One page of a workspace's events, newest first: ids below `before` (the cursor) and within the
 * filters' id bounds. Every filter is an equality on a column indexed as (workspace_id, column, id),
 * so the page is read as one index range, however deep.
 */
export function listEvents(
  db: Kysely<Database>,
  workspaceId: string,
  filters: EventFilters,
  page: { before?: string | undefined; limit: number },
): Promise<EventRow[]> {
  let query = db.selectFrom('events').selectAll().where('workspace_id', '=', workspaceId);
  if (filters.type !== undefined) query = query.where('type', '=', filters.type);
  if (filters.resourceId !== undefined) query = query.where('resource_id', '=', filters.resourceId);
  if (filters.actorId !== undefined) query = query.where('actor_id', '=', filters.actorId);
  if (filters.resourceType !== undefined) query = query.where('resource_type', '=', filters.resourceType);
  const upper = [page.before, filters.idBelow].filter((id): id is string => id !== undefined).sort()[0];
  if (upper !== undefined) query = query.where('id', '<', upper);
  if (filters.idAtLeast !== undefined) query = query.where('id', '>=', filters.idAtLeast);
  return query.orderBy('id', 'desc').limit(page.limit).execute();
}

/** Deletes the events written before `before` (ms); answers how many went. */
export async function deleteEventsBefore(db: Kysely<Database>, before: number): Promise<number> {
  const result = await db.deleteFrom('events').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Deletes every event of a workspace (the workspace is being deleted). */
export async function deleteWorkspaceEvents(db: Kysely<Database>, workspaceId: string): Promise<number> {
  const result = await db.deleteFrom('events').where('workspace_id', '=', workspaceId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
