import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { countItemsOnHosts } from './gs1.repository.js';

/**
 * How many of a workspace's GS1 items each of its hostnames serves, added to its codes' count:
 * a name items answer on is in use like one codes are served on (the hostnames module shows the
 * count and refuses to delete such a name). Like the qrcodes module's `codesOnHostnames`, it
 * reads the database alone and is handed to the hostnames service when that is made, since the
 * GS1 service is built on the hostnames service.
 */
export function withGs1ItemsOnHostnames(
  db: Kysely<Database>,
  codesOn: (workspaceId: string, hostnames: string[]) => Promise<Map<string, number>>,
): (workspaceId: string, hostnames: string[]) => Promise<Map<string, number>> {
  return async (workspaceId, hostnames) => {
    const [codes, items] = await Promise.all([
      codesOn(workspaceId, hostnames),
      countItemsOnHosts(db, workspaceId, hostnames),
    ]);
    for (const [hostname, count] of items) codes.set(hostname, (codes.get(hostname) ?? 0) + count);
    return codes;
  };
}
