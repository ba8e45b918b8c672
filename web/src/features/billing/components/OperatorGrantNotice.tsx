import ScrollableCode from '@site/src/components/ScrollableCode';
import type { Plan } from '@site/src/features/billing/api/types';

/** A deployment without PayPal settings sells nothing: its operator grants plans with a command. */
export default function OperatorGrantNotice({ plans }: { plans: Plan[] }) {
  const example = plans[0]?.id ?? 'basic';
  return (
    <div className="rq-notice" data-testid="operator-grants">
      <p>
        <strong>This server does not sell plans online.</strong> Its operator grants them instead: ask them
        for the plan you need. Without billing a server has no limits at all, unless its operator gives every
        account a plan (<code>DEFAULT_PLAN</code>).
      </p>
      <p>
        Operators grant, list and revoke plans on the server (plans here:{' '}
        {plans.map((plan) => plan.id).join(', ')}):
      </p>
      <ScrollableCode>
        <code>
          {[
            `npm run plans -- grant <email|uid|account id> ${example} [--until YYYY-MM-DD]`,
            'npm run plans -- list [email|uid|account id]',
            `npm run plans -- revoke <email|uid|account id> [${example}]`,
          ].join('\n')}
        </code>
      </ScrollableCode>
    </div>
  );
}
