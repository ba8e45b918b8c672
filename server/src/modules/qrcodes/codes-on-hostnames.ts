import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { countCodesOnHosts } from './qrcodes.repository.js';

/**
 * How many of an account's codes each of its hostnames serves: the hostnames module shows it and
 * refuses to delete a name codes are served on. The QR codes service is built on the hostnames
 * service (a code binds to a verified name), so this count is not a method of it: it reads the
 * database alone, is made first and handed to the hostnames service when that is made
 * (hostnames.module.ts), and the two services never call each other both ways.
 */
export function codesOnHostnames(
  db: Kysely<Database>,
): (workspaceId: string, hostnames: string[]) => Promise<Map<string, number>> {
  return (workspaceId, hostnames) => countCodesOnHosts(db, workspaceId, hostnames);
}
