/** One DNS record the customer publishes (the TXT proof, the CNAME route, or A/AAAA at an apex). */
export interface DnsRecord {
  type: string;
  name: string;
  value: string;
}

/** What DNS answered when the last check failed (API.md "Hostnames"). */
export interface HostnameFailure {
  code: 'txt_missing' | 'txt_mismatch' | 'routing_mismatch' | 'nxdomain' | 'caa_forbids' | 'resolver_timeout';
  detail: string;
  seen?: string[];
  expected?: string;
}

export type HostnameStatus = 'pending' | 'verified' | 'failed';

/** A hostname as the API answers it. Fields a server may not send yet are optional. */
export interface Hostname {
  id: string;
  hostname: string;
  status: HostnameStatus;
  verification: DnsRecord;
  routing: DnsRecord;
  /** A/AAAA records for a name at the apex of its zone (no CNAME possible there). */
  apexRouting?: DnsRecord[];
  rootRedirect: string | null;
  notFoundRedirect: string | null;
  failure?: HostnameFailure;
  verifiedAt: string | null;
  lastCheckedAt: string | null;
  /** When the server checks DNS again by itself; null when it no longer does. */
  nextCheckAt?: string | null;
  /** Set while a verified name's re-check fails: it keeps serving until then, then fails. */
  graceEndsAt?: string | null;
  /** How many codes are served on this hostname. */
  codes?: number;
  createdAt: string;
}

export interface HostnamePage {
  data: Hostname[];
  nextCursor: string | null;
}

/** A date and time in the reader's own locale and zone. */
export function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
