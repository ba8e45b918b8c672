import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { WorkspaceAccess } from '../../plugins/auth.js';
import type { ChangeBus } from '../../shared/change-bus.js';
import { type Clock, systemClock, toIso } from '../../shared/clock.js';
import type { HttpUrlOptions, OwnShortUrlTest } from '../../shared/http-url.js';
import { newId } from '../../shared/ids.js';
import { applyMergePatch } from '../../shared/merge-patch.js';
import { type PageQuery, readPage } from '../../shared/pagination.js';
import { type FieldError, notFound, validationFailed } from '../../shared/problem.js';
import { changedFields } from '../events/events.changes.js';
import { type Actor, type ChangeEvent, changeEvent, type EventsService } from '../events/events.service.js';
import {
  deleteRule,
  deleteWorkspaceRules,
  findRule,
  findRules,
  insertRule,
  listRules,
  updateRule,
} from './rules.repository.js';
import type {
  Rule,
  RuleAction,
  RuleCondition,
  RuleCreateBody,
  RuleList,
  RulePatchBody,
} from './rules.schemas.js';
import type { RuleRow } from './rules.table.js';
import { normalizeActionUrls, validateRule } from './rules.validate.js';

declare module '../../shared/change-bus.js' {
  interface ChangeTopics {
    /** A rule changed or was deleted: whatever cached it (the redirect edge) drops it. */
    'rule.changed': { id: string };
    /**
     * A rule was deleted by `actor` in the request `requestId`: every code that had it drops it,
     * an event of that actor and request (published on this instance only).
     */
    'rule.deleted': { id: string; accountId: string; actor: Actor; requestId?: string | null };
  }
}

/** A rule checked and given its id, to be stored by `writePrepared` (`row` is the service's own business). */
export interface PreparedRule {
  /** The rule as the API will show it once stored. */
  readonly rule: Rule;
  readonly row: RuleRow;
  readonly access: WorkspaceAccess;
}

/** Checks a merged rule against the create schema (the routes pass Fastify's validator in). */
export type RuleShapeCheck = (candidate: unknown) => FieldError[];

export interface RulesServiceOptions {
  changes: ChangeBus;
  /** The audit log: every write records its event in the transaction that makes it. */
  events: EventsService;
  clock?: Clock;
  /** Our own short URLs, which no rule may redirect to (the scan would loop). */
  isOwnShortUrl?: OwnShortUrlTest;
}

function toResource(row: RuleRow): Rule {
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled === 1,
    when: row.when_json === null ? null : (JSON.parse(row.when_json) as RuleCondition),
    then: JSON.parse(row.then_json) as RuleAction,
    createdAt: toIso(row.created_at) as string,
    updatedAt: toIso(row.updated_at) as string,
  };
}

/** An event of a rule: `{ object }` (the rule as the API shows it) or `{ changes }`. */
function ruleEvent(
  type: string,
  access: WorkspaceAccess,
  id: string,
  data: ChangeEvent['data'],
): ChangeEvent {
  return changeEvent(type, access, { type: 'rule', id }, data);
}

/**
 * Redirect rules. Every method that reads a rule takes the workspace id and every write the
 * caller's access; a rule of another workspace is a `not_found`, never a `forbidden`. Every write
 * records its event (`rule.created|updated|deleted`) in the transaction that makes it.
 */
export class RulesService {
  private readonly clock: Clock;
  private readonly urlOptions: HttpUrlOptions;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: RulesServiceOptions,
  ) {
    this.clock = options.clock ?? systemClock;
    this.urlOptions = options.isOwnShortUrl ? { isOwnShortUrl: options.isOwnShortUrl } : {};
  }

  async create(access: WorkspaceAccess, body: RuleCreateBody): Promise<Rule> {
    const prepared = this.prepare(access, body, '/body');
    return this.options.events.inTransaction(async (trx) => {
      const events = await this.writePrepared(trx, [prepared]);
      return { result: prepared.rule, events };
    });
  }

  /**
   * A rule checked as `create` checks it, with its id, not yet stored: for a caller that writes it
   * in a transaction of its own with what uses it (an import writes a file's rules with its codes,
   * so a refused import leaves no rule behind). `path` is where the body is in the request.
   */
  prepare(access: WorkspaceAccess, body: RuleCreateBody, path: string): PreparedRule {
    const errors = validateRule(body, path, this.urlOptions);
    if (errors.length > 0) throw validationFailed(errors);
    const now = this.clock.now();
    const row: RuleRow = {
      id: newId('rule', now),
      account_id: access.workspaceId,
      name: body.name,
      enabled: body.enabled === false ? 0 : 1,
      when_json: body.when ? JSON.stringify(body.when) : null,
      then_json: JSON.stringify(normalizeActionUrls(body.then)),
      created_at: now,
      updated_at: now,
    };
    return { rule: toResource(row), row, access };
  }

  /** Stores prepared rules in the caller's transaction `trx`; answers their `rule.created` events for it to record. */
  async writePrepared(trx: Kysely<Database>, rules: readonly PreparedRule[]): Promise<ChangeEvent[]> {
    const events: ChangeEvent[] = [];
    for (const { rule, row, access } of rules) {
      await insertRule(trx, row);
      events.push(ruleEvent('rule.created', access, row.id, { object: { ...rule } }));
    }
    return events;
  }

  async get(workspaceId: string, id: string): Promise<Rule> {
    const row = await findRule(this.db, workspaceId, id);
    if (!row) throw notFound('rule');
    return toResource(row);
  }

  async list(workspaceId: string, query: PageQuery): Promise<RuleList> {
    const page = await readPage(query, 'rule', (window) => listRules(this.db, workspaceId, window));
    return { data: page.rows.map(toResource), nextCursor: page.nextCursor };
  }

  /**
   * The account's rules among `ids`, in the order of `ids`; ids that are not the account's are
   * left out. For the QR codes module (assignment checks) and the redirect edge (evaluation).
   */
  async getManyForAccount(workspaceId: string, ids: readonly string[]): Promise<Rule[]> {
    const rows = await findRules(this.db, workspaceId, [...new Set(ids)]);
    const byId = new Map(rows.map((row) => [row.id, toResource(row)]));
    return [...new Set(ids)].flatMap((id) => {
      const rule = byId.get(id);
      return rule ? [rule] : [];
    });
  }

  /**
   * Applies a JSON merge patch (RFC 7396): `when` and `then` merge key by key, `null` removes.
   * The merged rule must pass the create schema (`checkShape`) and the semantic checks.
   */
  async update(
    access: WorkspaceAccess,
    id: string,
    patch: RulePatchBody,
    checkShape: RuleShapeCheck,
  ): Promise<Rule> {
    const workspaceId = access.workspaceId;
    const row = await findRule(this.db, workspaceId, id);
    if (!row) throw notFound('rule');
    const current = toResource(row);
    const merged = applyMergePatch(
      {
        name: current.name,
        enabled: current.enabled,
        then: current.then,
        ...(current.when ? { when: current.when } : {}),
      },
      patch,
    );
    const shapeErrors = checkShape(merged);
    if (shapeErrors.length > 0) throw validationFailed(shapeErrors);
    const next = merged as unknown as RuleCreateBody;
    const errors = validateRule(next, '/body', this.urlOptions);
    if (errors.length > 0) throw validationFailed(errors);
    const rule = await this.options.events.inTransaction(async (trx) => {
      const updated = await updateRule(trx, workspaceId, id, {
        name: next.name,
        enabled: next.enabled === false ? 0 : 1,
        when_json: next.when ? JSON.stringify(next.when) : null,
        then_json: JSON.stringify(normalizeActionUrls(next.then)),
        updated_at: Math.max(this.clock.now(), row.updated_at),
      });
      const after = updated && (await findRule(trx, workspaceId, id));
      if (!after) throw notFound('rule');
      const rule = toResource(after);
      const changes = changedFields({ ...current }, { ...rule });
      const events =
        Object.keys(changes).length === 0 ? [] : [ruleEvent('rule.updated', access, id, { changes })];
      return { result: rule, events };
    });
    await this.options.changes.publish('rule.changed', { id });
    return rule;
  }

  /**
   * Deletes a rule and removes it from every code that had it (the QR codes module follows
   * `rule.deleted`; each code's change is its own event).
   */
  async delete(access: WorkspaceAccess, id: string): Promise<void> {
    const workspaceId = access.workspaceId;
    await this.options.events.inTransaction(async (trx) => {
      const row = await findRule(trx, workspaceId, id);
      if (!row || !(await deleteRule(trx, workspaceId, id))) throw notFound('rule');
      const object = { ...toResource(row) };
      return { result: undefined, events: [ruleEvent('rule.deleted', access, id, { object })] };
    });
    await this.options.changes.publish(
      'rule.deleted',
      { id, accountId: workspaceId, actor: access.actor, requestId: access.requestId },
      { acrossInstances: false },
    );
    await this.options.changes.publish('rule.changed', { id });
  }

  /**
   * Deletes every rule of a workspace (the workspace is being deleted); whatever cached one drops
   * it. Its codes go with the workspace too, so no code is told to drop a rule.
   */
  async eraseWorkspace(workspaceId: string): Promise<void> {
    const ids = await deleteWorkspaceRules(this.db, workspaceId);
    for (const id of ids) await this.options.changes.publish('rule.changed', { id });
  }
}
