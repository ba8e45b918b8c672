// A browser stand-in for PayPal's JS SDK (https://www.paypal.com/sdk/js), served by the stand-in
// server at /sdk/js so that @paypal/react-paypal-js, given `sdkBaseUrl`, loads it instead of
// PayPal's. It implements the part of `paypal.Buttons` a subscription checkout uses:
//
//   paypal.Buttons({ createSubscription, onApprove, onCancel, onError, onClick, onInit, style })
//     .isEligible() / .render(container) / .close()
//
// Clicking the button calls `createSubscription(data, actions)`; `actions.subscription.create(
// { plan_id, custom_id })` creates the subscription at the stand-in (APPROVAL_PENDING). Where
// PayPal opens its checkout window, this shows a small dialog in the page, "PayPal (stand-in)",
// with the plan and two buttons: approving calls the stand-in's approve step (the subscription
// becomes ACTIVE and its webhooks go out) and then `onApprove({ subscriptionID })`; cancelling
// calls `onCancel`. A failure anywhere calls `onError`, as PayPal's SDK does.
(() => {
  const script = document.currentScript;
  const src = new URL(script?.src ?? '', window.location.href);
  const base = src.origin;
  const params = src.searchParams;

  /** PayPal's SDK refuses to load without a client id; so does the stand-in. */
  if (!params.get('client-id')) {
    throw new Error('SDK Validation error: Expected client-id to be passed');
  }

  async function call(path, body) {
    const response = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    const text = await response.text();
    const answer = text ? JSON.parse(text) : {};
    if (!response.ok) {
      const error = new Error(answer.message ?? `PayPal answered HTTP ${response.status}`);
      error.details = answer.details;
      throw error;
    }
    return answer;
  }

  /** Real PayPal requires both for `createSubscription`; a missing one is an integration error. */
  function checkSubscriptionParams() {
    if (params.get('intent') !== 'subscription') {
      throw new Error('Expected intent=subscription to be passed to SDK for createSubscription');
    }
    if (params.get('vault') !== 'true') {
      throw new Error('Expected vault=true to be passed to SDK for createSubscription');
    }
  }

  function element(tag, attributes, children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes ?? {})) {
      if (name === 'style') Object.assign(node.style, value);
      else if (name === 'text') node.textContent = value;
      else node.setAttribute(name, value);
    }
    for (const child of children ?? []) node.append(child);
    return node;
  }

  const COLORS = {
    gold: ['#ffc439', '#111'],
    blue: ['#0070ba', '#fff'],
    silver: ['#eee', '#111'],
    white: ['#fff', '#111'],
    black: ['#000', '#fff'],
  };

  /** Where PayPal opens its window: the buyer approves (or cancels) the subscription. */
  function approvalDialog(subscription) {
    return new Promise((resolve) => {
      const previousFocus = document.activeElement;
      const approve = element('button', { type: 'button', text: 'Agree & Subscribe' });
      const cancel = element('button', { type: 'button', text: 'Cancel and return' });
      const heading = element('h2', {
        id: `paypal-standin-title-${subscription.id}`,
        text: 'PayPal (stand-in)',
      });
      const dialog = element(
        'div',
        {
          role: 'dialog',
          'aria-modal': 'true',
          'aria-labelledby': heading.id,
          'data-paypal-standin': 'approval',
          style: {
            position: 'fixed',
            inset: '0',
            zIndex: '2147483647',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            background: 'rgb(0 0 0 / 45%)',
          },
        },
        [
          element(
            'div',
            {
              style: {
                background: '#fff',
                color: '#111',
                borderRadius: '8px',
                padding: '1.25rem',
                width: 'min(22rem, calc(100vw - 2rem))',
                font: '16px system-ui, sans-serif',
              },
            },
            [
              heading,
              element('p', { text: `Subscribe to plan ${subscription.plan_id}.` }),
              element('p', {
                text: `Subscription ${subscription.id}`,
                'data-subscription-id': subscription.id,
              }),
              element('div', { style: { display: 'flex', gap: '0.5rem', flexWrap: 'wrap' } }, [
                approve,
                cancel,
              ]),
            ],
          ),
        ],
      );
      const close = (answer) => {
        dialog.remove();
        if (previousFocus instanceof HTMLElement) previousFocus.focus();
        resolve(answer);
      };
      approve.addEventListener('click', () => close(true));
      cancel.addEventListener('click', () => close(false));
      dialog.addEventListener('keydown', (event) => {
        if (event.key === 'Escape') close(false);
      });
      document.body.append(dialog);
      approve.focus();
    });
  }

  function Buttons(options = {}) {
    let container = null;
    let enabled = true;
    let busy = false;

    const fail = (error) => {
      if (typeof options.onError === 'function') options.onError(error);
      else console.error(error);
    };

    /** Subscriptions this button created, by id: the approval dialog names their plan. */
    const created = new Map();
    const subscriptionActions = {
      subscription: {
        create: async (body) => {
          checkSubscriptionParams();
          const subscription = await call('/__standin/subscriptions', body);
          created.set(subscription.id, subscription);
          return subscription.id;
        },
        revise: async () => {
          throw new Error('The PayPal stand-in does not revise subscriptions from the browser.');
        },
      },
    };

    async function checkout() {
      if (!enabled || busy) return;
      busy = true;
      try {
        if (typeof options.onClick === 'function') {
          let allowed = true;
          await options.onClick(
            { fundingSource: 'paypal' },
            {
              resolve: async () => {},
              reject: async () => {
                allowed = false;
              },
            },
          );
          if (!allowed) return;
        }
        if (typeof options.createSubscription !== 'function') {
          throw new Error('The PayPal stand-in supports subscription checkouts only (createSubscription).');
        }
        const subscriptionID = await options.createSubscription(
          { paymentSource: 'paypal' },
          subscriptionActions,
        );
        const approved = await approvalDialog(
          created.get(subscriptionID) ?? { id: subscriptionID, plan_id: '?' },
        );
        if (!approved) {
          if (typeof options.onCancel === 'function')
            options.onCancel({ orderID: subscriptionID }, { redirect() {} });
          return;
        }
        await call(`/__standin/approve/${encodeURIComponent(subscriptionID)}`);
        if (typeof options.onApprove === 'function') {
          await options.onApprove(
            { orderID: subscriptionID, subscriptionID, facilitatorAccessToken: 'standin' },
            { redirect() {}, restart() {} },
          );
        }
      } catch (error) {
        fail(error);
      } finally {
        busy = false;
      }
    }

    const style = options.style ?? {};
    const [background, color] = COLORS[style.color ?? 'gold'] ?? COLORS.gold;
    const button = element('button', {
      type: 'button',
      'data-funding-source': 'paypal',
      text: style.label === 'subscribe' ? 'PayPal Subscribe' : 'PayPal',
      style: {
        display: 'block',
        width: '100%',
        maxWidth: style.disableMaxWidth ? 'none' : '750px',
        minHeight: `${style.height ?? 45}px`,
        border: '0',
        borderRadius: style.shape === 'pill' ? '999px' : style.shape === 'sharp' ? '0' : '4px',
        background,
        color,
        font: 'bold 16px system-ui, sans-serif',
        cursor: 'pointer',
      },
    });
    button.addEventListener('click', () => void checkout());

    return {
      isEligible: () => true,
      render(target) {
        container = typeof target === 'string' ? document.querySelector(target) : target;
        if (!container)
          return Promise.reject(new Error(`Document is not ready: ${String(target)} not found`));
        container.append(button);
        if (typeof options.onInit === 'function') {
          options.onInit(
            {},
            {
              enable: async () => {
                enabled = true;
                button.disabled = false;
              },
              disable: async () => {
                enabled = false;
                button.disabled = true;
              },
            },
          );
        }
        return Promise.resolve();
      },
      close() {
        button.remove();
        return Promise.resolve();
      },
    };
  }

  window.paypal = { version: '5.0.0-standin', Buttons, FUNDING: { PAYPAL: 'paypal', CARD: 'card' } };
})();
