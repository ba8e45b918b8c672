import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { WorkspaceAccess } from '../../plugins/auth.js';
import type { Clock } from '../../shared/clock.js';
import { type FieldError, notFound, validationFailed } from '../../shared/problem.js';
import type { Actor, ChangeEvent, EventsService } from '../events/events.service.js';
import type { CodeChange } from './code-change.js';
import { findCode, findRuleIds, removeRuleEverywhere, replaceRules } from './qrcodes.repository.js';
import type { CodeMode } from './qrcodes.validate.js';

/** The rules service as this module uses it: which of these ids are the account's rules. */
export interface RuleDirectory {
  getManyForAccount(workspaceId: string, ids: string[]): Promise<Array<{ id: string }>>;
}

/** The event of a code's rules changing from `before` to `after`, by `actor` in the request `requestId`. */
function rulesUpdated(
  workspaceId: string,
  { actor, requestId }: { actor: Actor; requestId?: string | null | undefined },
  codeId: string,
  before: string[],
  after: string[],
): ChangeEvent {
  return {
    type: 'qrcode.rules_updated',
    workspaceId,
    actor,
    resource: { type: 'qrcode', id: codeId },
    data: { changes: { rules: [before, after] } },
    requestId: requestId ?? null,
  };
}

const NO_IDS: ReadonlySet<string> = new Set();

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

function rulesRefusedFor(mode: CodeMode): string {
  return mode === 'static'
    ? 'a static code encodes its data itself, so no scan reaches rules'
    : 'an exec code asks its exec URL where to go, so rules would never run';
}

/**
 * Which rules a code follows, in order. Rules apply to redirect codes only: a static code's
 * symbol holds its data and an exec code asks its exec URL, so giving them rules is refused
 * rather than silently ignored.
 */
export class CodeRules {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: {
      rules: RuleDirectory;
      clock: Clock;
      events: EventsService;
      changed: (...codes: CodeChange[]) => Promise<void>;
    },
  ) {}

  async get(workspaceId: string, id: string): Promise<string[]> {
    const row = await findCode(this.db, workspaceId, id);
    if (!row) throw notFound('QR code');
    return (await findRuleIds(this.db, [id])).get(id) ?? [];
  }

  /**
   * Assigns rules in order; every id must be one of the account's rules. A different order or set
   * is a `qrcode.rules_updated` event, written with the change.
   */
  async set(access: WorkspaceAccess, id: string, ruleIds: string[]): Promise<string[]> {
    const { workspaceId } = access;
    const row = await findCode(this.db, workspaceId, id);
    if (!row) throw notFound('QR code');
    await this.check(workspaceId, row.mode, ruleIds, '/body/rules');
    await this.options.events.inTransaction(async (trx) => {
      const before = (await findRuleIds(trx, [id])).get(id) ?? [];
      if (!(await replaceRules(trx, workspaceId, id, ruleIds, this.options.clock.now())))
        throw notFound('QR code');
      const events = sameIds(before, ruleIds) ? [] : [rulesUpdated(workspaceId, access, id, before, ruleIds)];
      return { result: undefined, events };
    });
    await this.options.changed({ id, hostKey: row.host_key, slug: row.slug });
    return ruleIds;
  }

  /**
   * A rule was deleted (by `actor`, in the request `requestId`): no code may keep it; each code
   * that had it changes, which is its `qrcode.rules_updated` event by the same actor and request.
   */
  async removeEverywhere(ruleId: string, actor: Actor, requestId: string | null = null): Promise<void> {
    const changed = await this.options.events.inTransaction(async (trx) => {
      const codes = await removeRuleEverywhere(trx, ruleId, this.options.clock.now());
      const events = codes.map((code) =>
        rulesUpdated(code.account_id, { actor, requestId }, code.id, code.before, code.after),
      );
      return { result: codes, events };
    });
    await this.options.changed(
      ...changed.map((code) => ({ id: code.id, hostKey: code.host_key, slug: code.slug })),
    );
  }

  /**
   * Refuses rules on a code of this mode, ids that are not the account's rules, and repeats.
   * `newRuleIds` are rules to be stored with the code (an import's): they count as the account's.
   */
  async check(
    workspaceId: string,
    mode: CodeMode,
    ruleIds: string[],
    path: string,
    newRuleIds: ReadonlySet<string> = NO_IDS,
  ): Promise<void> {
    if (ruleIds.length === 0) return;
    if (mode !== 'redirect') throw validationFailed([{ path, message: rulesRefusedFor(mode) }]);
    const stored = [...new Set(ruleIds)].filter((id) => !newRuleIds.has(id));
    const known = new Set((await this.options.rules.getManyForAccount(workspaceId, stored)).map((r) => r.id));
    const errors: FieldError[] = [];
    const seen = new Set<string>();
    ruleIds.forEach((ruleId, i) => {
      if (seen.has(ruleId)) errors.push({ path: `${path}/${i}`, message: 'appears more than once' });
      else if (!known.has(ruleId) && !newRuleIds.has(ruleId))
        errors.push({ path: `${path}/${i}`, message: 'is not a rule of this account' });
      seen.add(ruleId);
    });
    if (errors.length > 0) throw validationFailed(errors);
  }

  /** A code with rules stays a redirect code until its rules are taken off. */
  async refuseModeChange(id: string, mode: CodeMode, path = '/body/mode'): Promise<void> {
    if (mode === 'redirect') return;
    const ruleIds = (await findRuleIds(this.db, [id])).get(id) ?? [];
    if (ruleIds.length === 0) return;
    throw validationFailed([
      {
        path,
        message: `cannot become ${mode} while ${ruleIds.length} rule(s) are assigned: ${rulesRefusedFor(mode)}; assign no rules first (PUT /rules with [])`,
      },
    ]);
  }
}
