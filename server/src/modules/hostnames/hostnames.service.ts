import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { WorkspaceAccess } from '../../plugins/auth.js';
import type { ChangeBus } from '../../shared/change-bus.js';
import { type Clock, systemClock, toIso } from '../../shared/clock.js';
import { normalizeHttpUrl, type OwnShortUrlTest } from '../../shared/http-url.js';
import { newId } from '../../shared/ids.js';
import { type PageQuery, readPage } from '../../shared/pagination.js';
import { type FieldError, notFound, Problem, validationFailed } from '../../shared/problem.js';
import { changedFields } from '../events/events.changes.js';
import {
  type Actor,
  type ChangeContext,
  type ChangeEvent,
  changeEvent,
  type EventsService,
  systemActor,
} from '../events/events.service.js';
import { PLANS } from '../plans/plans.js';
import { type AppLinksShapeCheck, parseAppLinks, patchAppLinks } from './hostnames.app-links.js';
import { type ServedHostname, VerifiedHostnames } from './hostnames.directory.js';
import { checkHostnameDns, type DnsCheckSettings, type VerificationFailure } from './hostnames.dns.js';
import { normalizeHostname } from './hostnames.names.js';
import {
  claimDueCheck,
  countHostnames,
  deleteHostname,
  deleteWorkspaceHostnames,
  findHostname,
  findHostnameByName,
  insertHostname,
  listDueHostnames,
  listHostnames,
  listVerifiedHostnames,
  updateHostname,
} from './hostnames.repository.js';
import { afterCheck, graceEndsAt, nextAutomaticCheck } from './hostnames.schedule.js';
import type { Hostname, HostnameList, HostnamePatchBody } from './hostnames.schemas.js';
import type { HostnameRow } from './hostnames.table.js';

declare module '../../shared/change-bus.js' {
  interface ChangeTopics {
    /** A hostname was added, changed, verified, failed or deleted: whatever caches hostnames drops it. */
    'hostname.changed': { id: string; hostname: string };
  }
}

/** How many hostnames an account may have; Infinity when there is no limit. */
export type HostnameLimit = (workspaceId: string) => Promise<number>;

/** How many codes each of the account's hostnames serves (the qrcodes module's `codesOnHostnames`). */
export type CodesOnHostnames = (workspaceId: string, hostnames: string[]) => Promise<Map<string, number>>;

export interface HostnamesServiceOptions {
  changes: ChangeBus;
  /** The audit log: each change and verification result is recorded with it. */
  events: EventsService;
  dns: DnsCheckSettings;
  /** Our own hosts (primary, short, edge): no customer may claim them or names under them. */
  ownHosts: readonly string[];
  limit: HostnameLimit;
  codesOn: CodesOnHostnames;
  /** Our own short URLs, which no redirect may point at (the scan would loop). */
  isOwnShortUrl?: OwnShortUrlTest;
  clock?: Clock;
}

export const CHALLENGE_PREFIX = '_rq-challenge';
// How long one instance holds a due check it took, should it die before recording the outcome.
const CHECK_LEASE_MS = 5 * 60_000;
/** Who records the outcome of the scheduled re-checks. */
const CHECKER = systemActor('hostname-checker');

/**
 * Custom hostnames: claiming a name, the DNS records that prove and route it, verification
 * against DNS, and the hostname's own redirects. Another account's hostname is a `not_found`.
 */
export class HostnamesService {
  private readonly clock: Clock;
  /** The verified names in memory, which the edge and the TLS ask read (hostnames.directory.ts). */
  readonly served: VerifiedHostnames;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: HostnamesServiceOptions & { log: FastifyBaseLogger },
  ) {
    this.clock = options.clock ?? systemClock;
    this.served = new VerifiedHostnames(
      { allVerified: () => listVerifiedHostnames(db), byName: (name) => findHostnameByName(db, name) },
      options.log,
    );
  }

  /** Claims a name for the account; a name the account already holds answers as it is (`created: false`). */
  async create(access: WorkspaceAccess, input: string): Promise<{ hostname: Hostname; created: boolean }> {
    const workspaceId = access.workspaceId;
    const checked = normalizeHostname(input, this.options.ownHosts);
    if (!checked.ok) throw validationFailed([{ path: '/body/hostname', message: checked.message }]);
    const existing = await findHostnameByName(this.db, checked.hostname);
    if (existing) return { hostname: await this.ownClaim(workspaceId, existing), created: false };
    await this.refuseOverLimit(workspaceId);
    const now = this.clock.now();
    const id = newId('host', now);
    const row: HostnameRow = {
      id,
      account_id: workspaceId,
      hostname: checked.hostname,
      token: randomBytes(16).toString('hex'),
      status: 'pending',
      failure_json: null,
      root_redirect: null,
      not_found_redirect: null,
      app_links_json: null,
      gs1_resolver: 0,
      verified_at: null,
      last_checked_at: null,
      next_check_at: nextAutomaticCheck({ status: 'pending', attempts: 0, failingSince: null }, now),
      check_attempts: 0,
      failing_since: null,
      created_at: now,
      updated_at: now,
    };
    try {
      await this.options.events.inTransaction(async (trx) => {
        await insertHostname(trx, row);
        return {
          result: undefined,
          events: [this.event('hostname.created', access, row, { object: this.view(row, 0) })],
        };
      });
    } catch (error) {
      // Two claims raced and the unique index let one through: answer as if we had seen it.
      const winner = await findHostnameByName(this.db, checked.hostname);
      if (!winner) throw error;
      return { hostname: await this.ownClaim(workspaceId, winner), created: false };
    }
    await this.published(id, checked.hostname);
    return { hostname: await this.get(workspaceId, id), created: true };
  }

  async get(workspaceId: string, id: string): Promise<Hostname> {
    const row = await findHostname(this.db, workspaceId, id);
    if (!row) throw notFound('hostname');
    const [resource] = await this.toResources(workspaceId, [row]);
    return resource as Hostname;
  }

  /**
   * The name a code may be bound to: the account's hostname named by `nameOrId` (its name or its
   * id), once verified. Another account's or an unknown one is a `not_found`.
   */
  async bindable(workspaceId: string, nameOrId: string, path: string): Promise<string> {
    const row = nameOrId.startsWith('host_')
      ? await findHostname(this.db, workspaceId, nameOrId)
      : await this.findOwnByName(workspaceId, nameOrId);
    if (!row) {
      throw new Problem('not_found', `This account has no hostname ${nameOrId}.`, {
        errors: [{ path, message: 'is not a hostname of this account' }],
      });
    }
    if (row.status !== 'verified') {
      throw new Problem(
        'conflict',
        `${row.hostname} is not verified yet (it is ${row.status}): publish its DNS records and verify it before serving codes on it.`,
        {
          errors: [{ path, message: `is ${row.status}, not verified` }],
          extensions: { hostname: row.hostname, hostnameStatus: row.status },
        },
      );
    }
    return row.hostname;
  }

  private async findOwnByName(workspaceId: string, name: string): Promise<HostnameRow | undefined> {
    const checked = normalizeHostname(name, []);
    if (!checked.ok) return undefined;
    const row = await findHostnameByName(this.db, checked.hostname);
    return row?.account_id === workspaceId ? row : undefined;
  }

  /** How many hostnames the account has claimed (what its plan's hostnames limit counts). */
  count(workspaceId: string): Promise<number> {
    return countHostnames(this.db, workspaceId);
  }

  async list(workspaceId: string, query: PageQuery): Promise<HostnameList> {
    const page = await readPage(query, 'host', (window) => listHostnames(this.db, workspaceId, window));
    return { data: await this.toResources(workspaceId, page.rows), nextCursor: page.nextCursor };
  }

  /**
   * A JSON merge patch of the two redirects and the app links: omitted stays, null removes, a
   * value replaces (the app links merge key by key and are checked whole, `checkShape`).
   */
  async update(
    access: WorkspaceAccess,
    id: string,
    patch: HostnamePatchBody,
    checkShape: AppLinksShapeCheck,
  ): Promise<Hostname> {
    const workspaceId = access.workspaceId;
    const row = await findHostname(this.db, workspaceId, id);
    if (!row) throw notFound('hostname');
    const errors: FieldError[] = [];
    const rootRedirect = this.redirectOf(patch.rootRedirect, row.root_redirect, '/body/rootRedirect', errors);
    const notFoundRedirect = this.redirectOf(
      patch.notFoundRedirect,
      row.not_found_redirect,
      '/body/notFoundRedirect',
      errors,
    );
    let appLinksJson = row.app_links_json;
    if (patch.appLinks !== undefined) {
      const outcome = patchAppLinks(parseAppLinks(row.app_links_json), patch.appLinks, checkShape);
      if (outcome.ok) appLinksJson = outcome.appLinks ? JSON.stringify(outcome.appLinks) : null;
      else errors.push(...outcome.errors);
    }
    if (errors.length > 0) throw validationFailed(errors);
    const gs1Resolver = patch.gs1Resolver === undefined ? row.gs1_resolver : patch.gs1Resolver ? 1 : 0;
    const after = {
      ...row,
      root_redirect: rootRedirect,
      not_found_redirect: notFoundRedirect,
      app_links_json: appLinksJson,
      gs1_resolver: gs1Resolver,
    };
    const changes = changedFields(this.view(row, 0), this.view(after, 0));
    await this.options.events.inTransaction(async (trx) => {
      await updateHostname(trx, workspaceId, id, {
        root_redirect: rootRedirect,
        not_found_redirect: notFoundRedirect,
        app_links_json: appLinksJson,
        gs1_resolver: gs1Resolver,
        updated_at: Math.max(this.clock.now(), row.updated_at),
      });
      const changed = Object.keys(changes).length > 0;
      return {
        result: undefined,
        events: changed ? [this.event('hostname.updated', access, row, { changes })] : [],
      };
    });
    await this.published(id, row.hostname);
    return this.get(workspaceId, id);
  }

  /** Refused while codes are served on the name: deleting it would break every printed one. */
  async delete(access: WorkspaceAccess, id: string): Promise<void> {
    const workspaceId = access.workspaceId;
    const row = await findHostname(this.db, workspaceId, id);
    if (!row) throw notFound('hostname');
    const codes = (await this.options.codesOn(workspaceId, [row.hostname])).get(row.hostname) ?? 0;
    if (codes > 0) {
      throw new Problem(
        'conflict',
        `${codes} code${codes === 1 ? ' is' : 's are'} served on ${row.hostname}: move ${codes === 1 ? 'it' : 'them'} to another hostname or delete ${codes === 1 ? 'it' : 'them'} first.`,
        { extensions: { hostname: row.hostname, codes } },
      );
    }
    await this.options.events.inTransaction(async (trx) => {
      if (!(await deleteHostname(trx, workspaceId, id))) throw notFound('hostname');
      return {
        result: undefined,
        events: [this.event('hostname.deleted', access, row, { object: this.view(row, 0) })],
      };
    });
    await this.published(id, row.hostname);
  }

  /**
   * Deletes every hostname of a deleted workspace (its codes go with the qrcodes module's eraser)
   * and tells every instance, so the edge and the TLS ask stop serving them at once.
   */
  async erase(workspaceId: string): Promise<void> {
    for (const row of await deleteWorkspaceHostnames(this.db, workspaceId)) {
      await this.published(row.id, row.hostname);
    }
  }

  /** Looks the records up now and records the outcome: verified, or what DNS answered instead. */
  async verify(access: WorkspaceAccess, id: string): Promise<Hostname> {
    const workspaceId = access.workspaceId;
    const row = await findHostname(this.db, workspaceId, id);
    if (!row) throw notFound('hostname');
    await this.check(row, access.actor, access.requestId);
    return this.get(workspaceId, id);
  }

  /**
   * The background job's round (hostnames.checker.ts): checks the names that are due, each
   * taken by one instance only. Answers how many it checked.
   */
  async checkDue(batch: number): Promise<number> {
    const now = this.clock.now();
    let checked = 0;
    for (const row of await listDueHostnames(this.db, now, batch)) {
      if (row.next_check_at === null) continue;
      if (!(await claimDueCheck(this.db, row.id, row.next_check_at, now + CHECK_LEASE_MS))) continue;
      await this.check(row, CHECKER);
      checked += 1;
    }
    return checked;
  }

  /**
   * Looks the records up and stores the outcome. A check someone asked for is always logged (with
   * its request's id); the scheduled checker's only when it decides something (verified, or failed).
   */
  private async check(row: HostnameRow, actor: Actor, requestId: string | null = null): Promise<void> {
    const automatic = actor === CHECKER;
    const failure = await checkHostnameDns(
      { hostname: row.hostname, txtName: challengeName(row.hostname), txtValue: challengeValue(row.token) },
      this.options.dns,
    );
    const now = this.clock.now();
    const outcome = afterCheck(row, failure, now, automatic);
    const decided = outcome.status !== row.status && outcome.status !== 'pending';
    const logged = !automatic || decided;
    await this.options.events.inTransaction(async (trx) => {
      await updateHostname(trx, row.account_id, row.id, {
        status: outcome.status,
        failure_json: outcome.failure ? JSON.stringify(outcome.failure) : null,
        verified_at: outcome.verifiedAt,
        failing_since: outcome.failingSince,
        check_attempts: outcome.attempts,
        next_check_at: outcome.nextCheckAt,
        last_checked_at: now,
        updated_at: Math.max(now, row.updated_at),
      });
      // A verified name still in its grace period has failed this check all the same.
      const type = outcome.failure ? 'hostname.verification_failed' : 'hostname.verified';
      const data = {
        hostname: row.hostname,
        status: outcome.status,
        ...(outcome.status === row.status
          ? {}
          : { changes: { status: [row.status, outcome.status] as [unknown, unknown] } }),
        failure: outcome.failure ?? null,
      };
      const access = { workspaceId: row.account_id, actor, requestId };
      return { result: undefined, events: logged ? [this.event(type, access, row, data)] : [] };
    });
    await this.published(row.id, row.hostname);
  }

  /** The verified hostname a request's host names, from memory (the edge, the TLS ask). */
  servedAt(hostname: string): ServedHostname | undefined {
    return this.served.get(hostname);
  }

  private async ownClaim(workspaceId: string, row: HostnameRow): Promise<Hostname> {
    if (row.account_id !== workspaceId) {
      throw new Problem('conflict', `${row.hostname} is already claimed by another account.`);
    }
    return this.get(workspaceId, row.id);
  }

  private async refuseOverLimit(workspaceId: string): Promise<void> {
    const limit = await this.options.limit(workspaceId);
    if (limit === Number.POSITIVE_INFINITY) return;
    if ((await countHostnames(this.db, workspaceId)) < limit) return;
    const lifted = PLANS.hostnames.hostnames;
    const next =
      limit < lifted
        ? `the ${PLANS.hostnames.name} plan raises it to ${lifted}`
        : 'delete one to add another';
    throw new Problem(
      'limit_reached',
      `Your plans allow ${limit} custom hostname${limit === 1 ? '' : 's'}; ${next}.`,
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

  private event(type: string, access: ChangeContext, row: HostnameRow, data: ChangeEvent['data']) {
    return changeEvent(type, access, { type: 'hostname', id: row.id }, data);
  }

  private published(id: string, hostname: string): Promise<void> {
    return this.options.changes.publish('hostname.changed', { id, hostname });
  }

  private async toResources(workspaceId: string, rows: HostnameRow[]): Promise<Hostname[]> {
    const codes =
      rows.length === 0
        ? new Map()
        : await this.options.codesOn(
            workspaceId,
            rows.map((row) => row.hostname),
          );
    return rows.map((row) => this.view(row, codes.get(row.hostname) ?? 0));
  }

  /** A hostname as the API shows it, given how many codes it serves. */
  private view(row: HostnameRow, codes: number): Hostname {
    return {
      id: row.id,
      hostname: row.hostname,
      status: row.status,
      verification: { type: 'TXT', name: challengeName(row.hostname), value: challengeValue(row.token) },
      routing: { type: 'CNAME', name: row.hostname, value: this.options.dns.edgeHostname },
      apexRouting: this.options.dns.edgeAddresses.map((address) => ({
        type: address.includes(':') ? 'AAAA' : 'A',
        name: row.hostname,
        value: address,
      })),
      rootRedirect: row.root_redirect,
      notFoundRedirect: row.not_found_redirect,
      appLinks: parseAppLinks(row.app_links_json),
      gs1Resolver: row.gs1_resolver === 1,
      ...(row.failure_json ? { failure: JSON.parse(row.failure_json) as VerificationFailure } : {}),
      verifiedAt: toIso(row.verified_at),
      lastCheckedAt: toIso(row.last_checked_at),
      nextCheckAt: toIso(row.next_check_at),
      graceEndsAt: toIso(graceEndsAt(row)),
      codes,
      createdAt: toIso(row.created_at) as string,
    };
  }
}

const challengeName = (hostname: string) => `${CHALLENGE_PREFIX}.${hostname}`;
const challengeValue = (token: string) => `rq-verify=${token}`;
