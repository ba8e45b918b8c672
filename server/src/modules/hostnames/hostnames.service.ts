import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { ChangeBus } from '../../shared/change-bus.js';
import { type Clock, systemClock, toIso } from '../../shared/clock.js';
import { normalizeHttpUrl, type OwnShortUrlTest } from '../../shared/http-url.js';
import { newId } from '../../shared/ids.js';
import { type FieldError, notFound, Problem, validationFailed } from '../../shared/problem.js';
import { checkHostnameDns, type DnsCheckSettings, type VerificationFailure } from './hostnames.dns.js';
import { normalizeHostname } from './hostnames.names.js';
import {
  countHostnames,
  deleteHostname,
  findHostname,
  findHostnameByName,
  insertHostname,
  listHostnames,
  updateHostname,
} from './hostnames.repository.js';
import type { Hostname, HostnameList, HostnamePatchBody } from './hostnames.schemas.js';
import type { HostnameRow } from './hostnames.table.js';

declare module '../../shared/change-bus.js' {
  interface ChangeEvents {
    /** A hostname was added, changed, verified, failed or deleted: whatever caches hostnames drops it. */
    'hostname.changed': { id: string; hostname: string };
  }
}

/** How many hostnames an account may have; Infinity when there is no limit. */
export type HostnameLimit = (accountId: string) => Promise<number>;

export interface HostnamesServiceOptions {
  changes: ChangeBus;
  dns: DnsCheckSettings;
  /** Our own hosts (primary, short, edge): no customer may claim them or names under them. */
  ownHosts: readonly string[];
  limit: HostnameLimit;
  /** Our own short URLs, which no redirect may point at (the scan would loop). */
  isOwnShortUrl?: OwnShortUrlTest;
  clock?: Clock;
}

export const CHALLENGE_PREFIX = '_rq-challenge';
const HOSTNAME_ID = /^host_[0-9a-z]{26}$/;
const encodeCursor = (id: string) => Buffer.from(id, 'utf8').toString('base64url');

function decodeCursor(cursor: string): string {
  const id = Buffer.from(cursor, 'base64url').toString('utf8');
  if (!HOSTNAME_ID.test(id)) {
    throw validationFailed([{ path: '/query/cursor', message: 'is not a cursor this API gave out' }]);
  }
  return id;
}

/** Missing records may still be on their way (DNS caches); wrong records need the customer. */
function statusAfter(failure: VerificationFailure | null): HostnameRow['status'] {
  if (!failure) return 'verified';
  return ['txt_mismatch', 'routing_mismatch', 'caa_forbids'].includes(failure.code) ? 'failed' : 'pending';
}

/**
 * Custom hostnames: claiming a name, the DNS records that prove and route it, verification
 * against DNS, and the hostname's own redirects. Another account's hostname is a `not_found`.
 */
export class HostnamesService {
  private readonly clock: Clock;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: HostnamesServiceOptions,
  ) {
    this.clock = options.clock ?? systemClock;
  }

  /** Claims a name for the account; a name the account already holds answers as it is (`created: false`). */
  async create(accountId: string, input: string): Promise<{ hostname: Hostname; created: boolean }> {
    const checked = normalizeHostname(input, this.options.ownHosts);
    if (!checked.ok) throw validationFailed([{ path: '/body/hostname', message: checked.message }]);
    const existing = await findHostnameByName(this.db, checked.hostname);
    if (existing) return { hostname: this.ownClaim(accountId, existing), created: false };
    await this.refuseOverLimit(accountId);
    const now = this.clock.now();
    const id = newId('host', now);
    try {
      await insertHostname(this.db, {
        id,
        account_id: accountId,
        hostname: checked.hostname,
        token: randomBytes(16).toString('hex'),
        status: 'pending',
        failure_json: null,
        root_redirect: null,
        not_found_redirect: null,
        verified_at: null,
        last_checked_at: null,
        created_at: now,
        updated_at: now,
      });
    } catch (error) {
      // Two claims raced and the unique index let one through: answer as if we had seen it.
      const winner = await findHostnameByName(this.db, checked.hostname);
      if (!winner) throw error;
      return { hostname: this.ownClaim(accountId, winner), created: false };
    }
    await this.published(id, checked.hostname);
    return { hostname: await this.get(accountId, id), created: true };
  }

  async get(accountId: string, id: string): Promise<Hostname> {
    const row = await findHostname(this.db, accountId, id);
    if (!row) throw notFound('hostname');
    return this.toResource(row);
  }

  async list(accountId: string, query: { limit?: number; cursor?: string }): Promise<HostnameList> {
    const limit = query.limit ?? 50;
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
      throw validationFailed([{ path: '/query/limit', message: 'must be a whole number from 1 to 100' }]);
    }
    const rows = await listHostnames(this.db, accountId, {
      before: query.cursor === undefined ? undefined : decodeCursor(query.cursor),
      limit: limit + 1,
    });
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      data: page.map((row) => this.toResource(row)),
      nextCursor: rows.length > limit && last ? encodeCursor(last.id) : null,
    };
  }

  /** A JSON merge patch of the two redirects: omitted stays, null removes, a URL replaces. */
  async update(accountId: string, id: string, patch: HostnamePatchBody): Promise<Hostname> {
    const row = await findHostname(this.db, accountId, id);
    if (!row) throw notFound('hostname');
    const errors: FieldError[] = [];
    const rootRedirect = this.redirectOf(patch.rootRedirect, row.root_redirect, '/body/rootRedirect', errors);
    const notFoundRedirect = this.redirectOf(
      patch.notFoundRedirect,
      row.not_found_redirect,
      '/body/notFoundRedirect',
      errors,
    );
    if (errors.length > 0) throw validationFailed(errors);
    await updateHostname(this.db, accountId, id, {
      root_redirect: rootRedirect,
      not_found_redirect: notFoundRedirect,
      updated_at: Math.max(this.clock.now(), row.updated_at),
    });
    await this.published(id, row.hostname);
    return this.get(accountId, id);
  }

  async delete(accountId: string, id: string): Promise<void> {
    const row = await findHostname(this.db, accountId, id);
    if (!row || !(await deleteHostname(this.db, accountId, id))) throw notFound('hostname');
    await this.published(id, row.hostname);
  }

  /** Looks the records up now and records the outcome: verified, or what DNS answered instead. */
  async verify(accountId: string, id: string): Promise<Hostname> {
    const row = await findHostname(this.db, accountId, id);
    if (!row) throw notFound('hostname');
    const failure = await checkHostnameDns(
      { hostname: row.hostname, txtName: challengeName(row.hostname), txtValue: challengeValue(row.token) },
      this.options.dns,
    );
    const now = this.clock.now();
    const status = statusAfter(failure);
    await updateHostname(this.db, accountId, id, {
      status,
      failure_json: failure ? JSON.stringify(failure) : null,
      verified_at: status === 'verified' ? (row.verified_at ?? now) : null,
      last_checked_at: now,
      updated_at: Math.max(now, row.updated_at),
    });
    await this.published(id, row.hostname);
    return this.get(accountId, id);
  }

  private ownClaim(accountId: string, row: HostnameRow): Hostname {
    if (row.account_id !== accountId) {
      throw new Problem('conflict', `${row.hostname} is already claimed by another account.`);
    }
    return this.toResource(row);
  }

  private async refuseOverLimit(accountId: string): Promise<void> {
    const limit = await this.options.limit(accountId);
    if (limit === Number.POSITIVE_INFINITY) return;
    if ((await countHostnames(this.db, accountId)) < limit) return;
    throw new Problem(
      'limit_reached',
      `Your plan allows ${limit} custom hostname${limit === 1 ? '' : 's'}; the Custom Hostnames plan raises the limit.`,
      { extensions: { limit: 'hostnames', allowed: limit, plan: 'hostnames' } },
    );
  }

  private redirectOf(
    value: string | null | undefined,
    current: string | null,
    path: string,
    errors: FieldError[],
  ): string | null {
    if (value === undefined) return current;
    if (value === null) return null;
    const checked = normalizeHttpUrl(
      value,
      this.options.isOwnShortUrl ? { isOwnShortUrl: this.options.isOwnShortUrl } : {},
    );
    if (checked.ok) return checked.url;
    errors.push({ path, message: checked.message });
    return current;
  }

  private published(id: string, hostname: string): Promise<void> {
    return this.options.changes.publish('hostname.changed', { id, hostname });
  }

  private toResource(row: HostnameRow): Hostname {
    return {
      id: row.id,
      hostname: row.hostname,
      status: row.status,
      verification: { type: 'TXT', name: challengeName(row.hostname), value: challengeValue(row.token) },
      routing: { type: 'CNAME', name: row.hostname, value: this.options.dns.edgeHostname },
      rootRedirect: row.root_redirect,
      notFoundRedirect: row.not_found_redirect,
      ...(row.failure_json ? { failure: JSON.parse(row.failure_json) as VerificationFailure } : {}),
      verifiedAt: toIso(row.verified_at),
      lastCheckedAt: toIso(row.last_checked_at),
      createdAt: toIso(row.created_at) as string,
    };
  }
}

const challengeName = (hostname: string) => `${CHALLENGE_PREFIX}.${hostname}`;
const challengeValue = (token: string) => `rq-verify=${token}`;
