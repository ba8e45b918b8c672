import type { ApiAnswer } from '@site/src/api/types';

/** A hostname as the API answers it. */
export type Hostname = ApiAnswer<'/api/v1/hostnames/{id}'>;

/** One DNS record the customer publishes (the TXT proof, the CNAME route, or A/AAAA at an apex). */
export type DnsRecord = Hostname['verification'];

/** What DNS answered when the last check failed (API.md "Hostnames"). */
export type HostnameFailure = NonNullable<Hostname['failure']>;

export type HostnameStatus = Hostname['status'];

export type HostnamePage = ApiAnswer<'/api/v1/hostnames'>;

/** A date and time in the reader's own locale and zone. */
export function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
