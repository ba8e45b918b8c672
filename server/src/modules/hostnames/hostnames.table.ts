import type { Insertable, Selectable, Updateable } from 'kysely';

/** One custom hostname of an account. `hostname` is unique: one account per name. */
export interface HostnamesTable {
  id: string;
  account_id: string;
  /** Normalised: lower case, punycode, no trailing dot. */
  hostname: string;
  /** The random part of the TXT record value `rq-verify=<token>`. */
  token: string;
  status: 'pending' | 'verified' | 'failed';
  /** The last check's failure as JSON ({ code, detail, seen?, expected? }); null when none. */
  failure_json: string | null;
  root_redirect: string | null;
  not_found_redirect: string | null;
  /** The app links as JSON ({ appleAppSiteAssociation?, assetLinks? }); null when none. */
  app_links_json: string | null;
  /** 1: a GS1 resolver host, where every path is a GS1 Digital Link and no slug is served. */
  gs1_resolver: number;
  verified_at: number | null;
  last_checked_at: number | null;
  /** When the background job checks the name next; null when it no longer checks by itself. */
  next_check_at: number | null;
  /** Automatic checks of a pending name so far: its step in the backoff. */
  check_attempts: number;
  /** A verified name whose re-check fails: since when (the grace period runs from here). */
  failing_since: number | null;
  created_at: number;
  updated_at: number;
}

export type HostnameRow = Selectable<HostnamesTable>;
export type NewHostnameRow = Insertable<HostnamesTable>;
export type HostnameRowUpdate = Updateable<HostnamesTable>;
