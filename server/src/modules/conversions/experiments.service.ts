import type { WorkspaceAccess } from '../../plugins/auth.js';
import { Problem, validationFailed } from '../../shared/problem.js';
import { changeEvent, type EventsService } from '../events/events.service.js';
import type { RulesService } from '../rules/rules.service.js';
import type { ScansService } from '../scans/scans.service.js';
import type { Experiment } from './conversions.schemas.js';
import type { ConversionsService } from './conversions.service.js';
import { experimentOf, isSplitRule, keepWinnerAction } from './experiments.js';

export interface ExperimentsServiceOptions {
  rules: Pick<RulesService, 'get' | 'list' | 'update'>;
  scans: Pick<ScansService, 'variantScans'>;
  conversions: Pick<ConversionsService, 'countsOfRule'>;
  events: EventsService;
}

/** Every split rule is an experiment: read from the scans per variant and the conversions credited to them. */
export class ExperimentsService {
  constructor(private readonly options: ExperimentsServiceOptions) {}

  /** The workspace's split rules, each as its experiment. */
  async list(workspaceId: string): Promise<{ data: Experiment[] }> {
    const data: Experiment[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.options.rules.list(workspaceId, { limit: 100, ...(cursor ? { cursor } : {}) });
      for (const rule of page.data) if (isSplitRule(rule)) data.push(await this.read(workspaceId, rule));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    return { data };
  }

  /** A split rule's experiment; a rule that is not a split has none (404). */
  async get(workspaceId: string, ruleId: string): Promise<Experiment> {
    const rule = await this.options.rules.get(workspaceId, ruleId);
    if (!isSplitRule(rule))
      throw new Problem('not_found', 'This rule does not split traffic, so it is no experiment.');
    return this.read(workspaceId, rule);
  }

  /**
   * "Keep the winner": the rule sends everyone to `variant` (weight 100, the others 0, so the
   * experiment's history stays readable), an audit event `experiment.winner_kept` beside the
   * rule's own `rule.updated`.
   */
  async keepWinner(access: WorkspaceAccess, ruleId: string, variant: number): Promise<Experiment> {
    const rule = await this.options.rules.get(access.workspaceId, ruleId);
    if (!isSplitRule(rule))
      throw new Problem('not_found', 'This rule does not split traffic, so it is no experiment.');
    const split = rule.then.split ?? [];
    if (variant >= split.length) {
      throw validationFailed([
        { path: '/body/variant', message: `must be a variant of the rule: 0 to ${split.length - 1}` },
      ]);
    }
    const before = await this.read(access.workspaceId, rule);
    const updated = await this.options.rules.update(
      access,
      ruleId,
      { then: keepWinnerAction(rule, variant) },
      () => [],
    );
    await this.options.events.inTransaction(async () => ({
      result: undefined,
      events: [
        changeEvent(
          'experiment.winner_kept',
          access,
          { type: 'rule', id: ruleId },
          {
            variant,
            url: split[variant]?.url,
            verdict: before.verdict.text,
            variants: before.variants.map((v) => ({
              index: v.index,
              scans: v.scans,
              conversions: v.conversions,
            })),
          },
        ),
      ],
    }));
    return this.read(access.workspaceId, updated);
  }

  private async read(workspaceId: string, rule: Parameters<typeof experimentOf>[0]): Promise<Experiment> {
    const [scans, conversions] = await Promise.all([
      this.options.scans.variantScans(workspaceId, rule.id, 0),
      this.options.conversions.countsOfRule(workspaceId, rule.id, 0),
    ]);
    return experimentOf(rule, scans, conversions);
  }
}
