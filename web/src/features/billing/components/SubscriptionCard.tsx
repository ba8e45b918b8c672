import ConfirmedAction from '@site/src/components/ConfirmedAction';
import { dayOf, type Subscription } from '@site/src/features/billing/api/types';
import { rq } from '@site/src/lib/api';
import styles from './Billing.module.css';

const STATUS: Record<string, { label: string; className: string }> = {
  active: { label: 'Active', className: 'badge--success' },
  approved: { label: 'Starting', className: 'badge--info' },
  approval_pending: { label: 'Waiting for approval', className: 'badge--secondary' },
  suspended: { label: 'Payment failed', className: 'badge--warning' },
  cancelled: { label: 'Cancelled', className: 'badge--secondary' },
  expired: { label: 'Ended', className: 'badge--secondary' },
};

/** Statuses PayPal can still cancel (it answers 422 for the others). */
const CANCELLABLE = new Set(['active', 'approved', 'suspended']);

/** What the dates mean in this status, in one sentence. */
function whenSentence(subscription: Subscription): string {
  const renews = subscription.currentPeriodEnd ? dayOf(subscription.currentPeriodEnd) : null;
  const endsIso = subscription.endsAt ?? subscription.currentPeriodEnd;
  const ends = endsIso ? dayOf(endsIso) : null;
  if (subscription.provider === 'operator') {
    return ends ? `Granted by the operator until ${ends}.` : 'Granted by the operator, with no end date.';
  }
  switch (subscription.status) {
    case 'active':
      return renews ? `Renews on ${renews}; PayPal bills it monthly.` : 'Active; PayPal bills it monthly.';
    case 'suspended':
      return ends
        ? `PayPal could not take the payment. The plan stays until ${ends} while you update your payment method at PayPal.`
        : 'PayPal could not take the payment: update your payment method at PayPal to keep the plan.';
    case 'cancelled':
      return ends
        ? `Cancelled: the plan stays until ${ends}, then your account is back on the free plan.`
        : 'Cancelled: your account is back on the free plan.';
    case 'expired':
      return ends ? `Ended on ${ends}.` : 'Ended.';
    default:
      return 'PayPal has not confirmed this subscription yet.';
  }
}

/** One subscription: plan, status, its dates in words, and Cancel (after a confirmation). */
export default function SubscriptionCard({
  subscription,
  planName,
  onCancelled,
  cancelRefusal = null,
}: {
  subscription: Subscription;
  planName: string;
  onCancelled: () => void;
  /** Why the workspace role may not cancel (anyone but the owner); Cancel is then not offered. */
  cancelRefusal?: string | null;
}) {
  const status = subscription.status;
  const badge = STATUS[status] ?? { label: status, className: 'badge--secondary' };
  const end = subscription.currentPeriodEnd ? dayOf(subscription.currentPeriodEnd) : null;
  const canCancel = subscription.provider === 'paypal' && CANCELLABLE.has(status);
  return (
    <article className={`rq-card ${styles.subscription}`} aria-label={planName} data-testid="subscription">
      <div className={styles.subscriptionHead}>
        <h3>{planName}</h3>
        <span className={`badge ${badge.className}`} data-testid="subscription-status">
          {badge.label}
        </span>
      </div>
      <p data-testid="subscription-when">{whenSentence(subscription)}</p>
      {canCancel && cancelRefusal && <p className={styles.hint}>{cancelRefusal}</p>}
      {canCancel && !cancelRefusal && (
        <ConfirmedAction
          buttonText="Cancel subscription"
          label={`Cancel ${planName}`}
          confirmText="Yes, cancel subscription"
          action={async () => {
            await rq.subscriptions.delete({ params: { path: { id: subscription.id } } });
            onCancelled();
          }}
        >
          Cancel {planName}? PayPal stops billing it.{' '}
          {end
            ? `The plan stays until ${end}, then your account is back on the free plan.`
            : 'Your account goes back to the free plan.'}
        </ConfirmedAction>
      )}
    </article>
  );
}
