import type { FastifyBaseLogger } from 'fastify';
import { type AppLinkFiles, appLinkFiles, parseAppLinks } from './hostnames.app-links.js';
import type { HostnameRow } from './hostnames.table.js';

/** What the edge and the TLS ask need of a verified hostname. */
export interface ServedHostname {
  id: string;
  workspaceId: string;
  hostname: string;
  rootRedirect: string | null;
  notFoundRedirect: string | null;
  /** The .well-known files its app links make, ready to send. */
  appLinkFiles: AppLinkFiles;
  /** A GS1 resolver host: every path but its root and app link files is a GS1 Digital Link. */
  gs1Resolver: boolean;
}

export interface DirectorySource {
  /** Every verified name (at start, and now and then to heal a missed change message). */
  allVerified(): Promise<HostnameRow[]>;
  /** The row of one name, whatever its status; undefined once deleted. */
  byName(hostname: string): Promise<HostnameRow | undefined>;
}

const servedOf = (row: HostnameRow): ServedHostname => ({
  id: row.id,
  workspaceId: row.account_id,
  hostname: row.hostname,
  rootRedirect: row.root_redirect,
  notFoundRedirect: row.not_found_redirect,
  appLinkFiles: appLinkFiles(parseAppLinks(row.app_links_json)),
  gs1Resolver: row.gs1_resolver === 1,
});

/**
 * The verified hostnames, in memory: the edge routes by them and the TLS ask answers from them,
 * one map lookup per request, and both keep working while the database is down (an outage there
 * must not stop scans or certificate renewals for existing customers). A failed reload keeps
 * what the map holds.
 */
export class VerifiedHostnames {
  private names = new Map<string, ServedHostname>();

  constructor(
    private readonly source: DirectorySource,
    private readonly log: FastifyBaseLogger,
  ) {}

  get(hostname: string): ServedHostname | undefined {
    return this.names.get(hostname);
  }

  get size(): number {
    return this.names.size;
  }

  /** Replaces the whole map from the database; on failure keeps the old one and says so. */
  async reloadAll(): Promise<void> {
    try {
      const rows = await this.source.allVerified();
      this.names = new Map(rows.map((row) => [row.hostname, servedOf(row)]));
    } catch (error) {
      this.log.warn({ err: error }, 'verified hostnames could not be reloaded; serving the ones in memory');
    }
  }

  /** Follows one name's change (added, verified, failed, redirects changed, deleted). */
  async reload(hostname: string): Promise<void> {
    try {
      const row = await this.source.byName(hostname);
      if (row?.status === 'verified') this.names.set(hostname, servedOf(row));
      else this.names.delete(hostname);
    } catch (error) {
      this.log.warn(
        { err: error, hostname },
        'a changed hostname could not be reloaded; the full reload will',
      );
    }
  }
}
