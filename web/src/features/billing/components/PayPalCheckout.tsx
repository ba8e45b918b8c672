import { PayPalButtons, PayPalScriptProvider, usePayPalScriptReducer } from '@paypal/react-paypal-js';
import ProblemMessage from '@site/src/components/ProblemMessage';
import type { Subscription } from '@site/src/features/billing/api/types';
import { rq } from '@site/src/lib/api';
import { useRef, useState } from 'react';
import styles from './Billing.module.css';

type Outcome =
  | { kind: 'idle' }
  | { kind: 'confirming' }
  | { kind: 'cancelled' }
  | { kind: 'failed'; error: unknown };

function ScriptState() {
  const [{ isPending, isRejected }] = usePayPalScriptReducer();
  if (isPending) return <p className={styles.hint}>Loading PayPal…</p>;
  if (isRejected)
    return (
      <div className="rq-error" role="alert">
        PayPal could not be loaded. Check your connection (or an ad blocker) and reload the page.
      </div>
    );
  return null;
}

/**
 * PayPal's subscribe buttons for one plan: PayPal creates the subscription with our PayPal plan id
 * and the account as `custom_id`, the buyer approves it at PayPal, and the API confirms it with
 * PayPal before the plan counts (`POST /subscriptions`).
 */
export default function PayPalCheckout({
  clientId,
  sdkBaseUrl,
  paypalPlanId,
  workspaceId,
  onSubscribed,
}: {
  clientId: string;
  sdkBaseUrl: string | undefined;
  paypalPlanId: string;
  workspaceId: string;
  onSubscribed: (subscription: Subscription) => void;
}) {
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  // The buttons keep the options of their first render: the SDK is loaded once per page.
  const options = useRef({
    clientId,
    intent: 'subscription',
    vault: true,
    components: 'buttons',
    ...(sdkBaseUrl ? { sdkBaseUrl } : {}),
  });

  const confirm = async (subscriptionId: string) => {
    setOutcome({ kind: 'confirming' });
    try {
      const subscription = await rq.subscriptions.create({ body: { provider: 'paypal', subscriptionId } });
      setOutcome({ kind: 'idle' });
      onSubscribed(subscription);
    } catch (error) {
      setOutcome({ kind: 'failed', error });
    }
  };

  return (
    <PayPalScriptProvider options={options.current}>
      <div className={styles.checkout} data-testid="paypal-checkout">
        <ScriptState />
        <PayPalButtons
          style={{ layout: 'vertical', label: 'subscribe', shape: 'rect' }}
          forceReRender={[paypalPlanId, workspaceId]}
          disabled={outcome.kind === 'confirming'}
          onClick={() => setOutcome({ kind: 'idle' })}
          createSubscription={(_data, actions) =>
            actions.subscription.create({ plan_id: paypalPlanId, custom_id: workspaceId })
          }
          onApprove={async (data) => {
            if (!data.subscriptionID) {
              setOutcome({
                kind: 'failed',
                error: new Error('PayPal did not say which subscription was approved.'),
              });
              return;
            }
            await confirm(data.subscriptionID);
          }}
          onCancel={() => setOutcome({ kind: 'cancelled' })}
          onError={(error) => {
            console.error('PayPal checkout failed', error);
            setOutcome({
              kind: 'failed',
              error: new Error('PayPal could not start the subscription. Nothing was charged; try again.'),
            });
          }}
        />
        <div role="status" className={styles.outcome}>
          {outcome.kind === 'confirming' && 'Confirming your subscription with PayPal…'}
          {outcome.kind === 'cancelled' && 'You closed PayPal before approving: nothing was bought.'}
        </div>
        {outcome.kind === 'failed' && <ProblemMessage error={outcome.error} />}
      </div>
    </PayPalScriptProvider>
  );
}
