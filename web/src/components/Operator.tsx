import Link from '@docusaurus/Link';
import { useRuntimeConfig } from '@site/src/lib/useRuntimeConfig';

/**
 * The company pages (contact, terms, privacy, cookies) speak for whoever runs this server: its
 * name and addresses come from the operator's settings (OPERATOR_NAME, OPERATOR_EMAIL, ...,
 * GET /api/v1/config), with neutral words where the operator set none.
 */

const NEUTRAL_NAME = 'the operator of this server';

/** The operator's name, or "the operator of this server" (with a capital at a sentence's start). */
export function OperatorName({ capital = false }: { capital?: boolean }) {
  const name = useRuntimeConfig()?.operator.name ?? null;
  if (name !== null) return <span data-testid="operator-name">{name}</span>;
  return <span data-testid="operator-name">{capital ? `T${NEUTRAL_NAME.slice(1)}` : NEUTRAL_NAME}</span>;
}

type Purpose = 'general' | 'privacy' | 'security';

/** An operator address as a mail link, or a sentence saying none was published. */
export function OperatorEmail({ purpose = 'general' }: { purpose?: Purpose }) {
  const config = useRuntimeConfig();
  if (!config) return <span>…</span>;
  const { operator } = config;
  const address = {
    general: operator.email,
    privacy: operator.privacyEmail,
    security: operator.securityEmail,
  }[purpose];
  if (address === null) {
    return (
      <em data-testid={`operator-email-${purpose}`}>
        the address the operator of this server gives you (none is published here)
      </em>
    );
  }
  return (
    <a href={`mailto:${address}`} data-testid={`operator-email-${purpose}`}>
      <strong>{address}</strong>
    </a>
  );
}

/** Shown only when this server sells plans (PayPal): payment terms, prices, pricing pages. */
export function WhenSelling({
  children,
  otherwise,
}: {
  children: React.ReactNode;
  otherwise?: React.ReactNode;
}) {
  const billing = useRuntimeConfig()?.billing;
  if (!billing) return null;
  return <>{billing.sells ? children : (otherwise ?? null)}</>;
}

/** What the terms say about plans and limits, as this server applies them. */
export function PlansTerms() {
  const billing = useRuntimeConfig()?.billing;
  if (!billing) return <p>…</p>;
  if (!billing.limited) {
    return (
      <ul data-testid="plans-terms">
        <li>
          This server sells no plans and sets no limit on redirects
          {billing.hostnamesLimit === null
            ? ' or custom hostnames.'
            : `; each account may add ${hostnamesWords(billing.hostnamesLimit)}, unless its operator grants more.`}
        </li>
        <li>
          The API's request rate is limited to protect the server; the limit is in each answer's headers.
        </li>
      </ul>
    );
  }
  return (
    <ul data-testid="plans-terms">
      <li>
        {billing.defaultPlan === 'free'
          ? 'Every account starts on the free plan.'
          : 'Every account holds the plan this server gives everyone.'}{' '}
        Its limits are on <Link to="/subscriptions">Subscriptions</Link>
        {billing.sells ? (
          <>
            ; paid plans raise them, see <Link to="/increase-limit">Custom Hostnames pricing</Link> and{' '}
            <Link to="/increase-redirects-limit">Dynamic Scan Redirects pricing</Link>.
          </>
        ) : (
          '; this server sells no plans, and only its operator can grant more.'
        )}
      </li>
      {billing.sells && (
        <li>
          Paid plans are monthly subscriptions billed through PayPal. They renew until you cancel; a
          cancellation takes effect at the end of the paid period. Prices may change with 30 days' notice; a
          change applies from your next billing period.
        </li>
      )}
      <li>
        Over your monthly redirect limit your codes keep working: they go to their default target, rules and
        exec calls are skipped, and scans are still counted. Creating more hostnames than your plan allows is
        refused.
      </li>
    </ul>
  );
}

/** "1 custom hostname", "3 custom hostnames". */
export function hostnamesWords(count: number): string {
  return `${count.toLocaleString('en-US')} custom hostname${count === 1 ? '' : 's'}`;
}
