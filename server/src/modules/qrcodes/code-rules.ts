import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Clock } from '../../shared/clock.js';
import { type FieldError, notFound, validationFailed } from '../../shared/problem.js';
import { findCode, findRuleIds, removeRuleEverywhere, replaceRules } from './qrcodes.repository.js';
import type { CodeMode } from './qrcodes.validate.js';

/** The rules service as this module uses it: which of these ids are the account's rules. */
export interface RuleDirectory {
  getManyForAccount(accountId: string, ids: string[]): Promise<Array<{ id: string }>>;
}

/** A code whose rules changed, for the change bus. */
export type ChangedCode = { id: string; hostKey: string; slug: string };

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
      changed: (...codes: ChangedCode[]) => Promise<void>;
    },
  ) {}

  async get(accountId: string, id: string): Promise<string[]> {
    const row = await findCode(this.db, accountId, id);
    if (!row) throw notFound('QR code');
    return (await findRuleIds(this.db, [id])).get(id) ?? [];
  }

  /** Assigns rules in order; every id must be one of the account's rules. */
  async set(accountId: string, id: string, ruleIds: string[]): Promise<string[]> {
    const row = await findCode(this.db, accountId, id);
    if (!row) throw notFound('QR code');
    await this.check(accountId, row.mode, ruleIds, '/body/rules');
    if (!(await replaceRules(this.db, accountId, id, ruleIds, this.options.clock.now())))
      throw notFound('QR code');
    await this.options.changed({ id, hostKey: row.host_key, slug: row.slug });
    return ruleIds;
  }

  /** A rule was deleted: no code may keep it; each code that had it changes. */
  async removeEverywhere(ruleId: string): Promise<void> {
    const changed = await removeRuleEverywhere(this.db, ruleId, this.options.clock.now());
    await this.options.changed(
      ...changed.map((code) => ({ id: code.id, hostKey: code.host_key, slug: code.slug })),
    );
  }

  /** Refuses rules on a code of this mode, ids that are not the account's rules, and repeats. */
  async check(accountId: string, mode: CodeMode, ruleIds: string[], path: string): Promise<void> {
    if (ruleIds.length === 0) return;
    if (mode !== 'redirect') throw validationFailed([{ path, message: rulesRefusedFor(mode) }]);
    const known = new Set(
      (await this.options.rules.getManyForAccount(accountId, [...new Set(ruleIds)])).map((r) => r.id),
    );
    const errors: FieldError[] = [];
    const seen = new Set<string>();
    ruleIds.forEach((ruleId, i) => {
      if (seen.has(ruleId)) errors.push({ path: `${path}/${i}`, message: 'appears more than once' });
      else if (!known.has(ruleId))
        errors.push({ path: `${path}/${i}`, message: 'is not a rule of this account' });
      seen.add(ruleId);
    });
    if (errors.length > 0) throw validationFailed(errors);
  }

  /** A code with rules stays a redirect code until its rules are taken off. */
  async refuseModeChange(id: string, mode: CodeMode): Promise<void> {
    if (mode === 'redirect') return;
    const ruleIds = (await findRuleIds(this.db, [id])).get(id) ?? [];
    if (ruleIds.length === 0) return;
    throw validationFailed([
      {
        path: '/body/mode',
        message: `cannot become ${mode} while ${ruleIds.length} rule(s) are assigned: ${rulesRefusedFor(mode)}; assign no rules first (PUT /rules with [])`,
      },
    ]);
  }
}
