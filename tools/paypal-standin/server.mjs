#!/usr/bin/env node
// A local stand-in for the parts of PayPal's REST API that RQ Codes uses (PayPal has no emulator):
// OAuth client credentials, subscriptions (create, show, cancel), webhook signature verification,
// and webhooks sent to our server with PayPal's documented bodies and PAYPAL-* headers. A control
// API under /__standin moves subscriptions through their life (approve, renew, a failed payment,
// suspend, cancel, expire) and delivers, replays or forges the events that come of it.
//
//   node tools/paypal-standin/server.mjs --port 8790 [--webhook-url URL] [--webhook-id ID]
//   import { startPaypalStandin } from '../../tools/paypal-standin/server.mjs'  (tests)
//
// It also serves the browser SDK stand-in (sdk.js beside this file) at /sdk/js.
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { isDeepStrictEqual, parseArgs } from 'node:util';

const DAY_MS = 86_400_000;
const SDK_FILE = path.join(import.meta.dirname, 'sdk.js');

/** A month after `ms` in UTC, as PayPal bills a monthly plan. */
function monthAfter(ms) {
  const date = new Date(ms);
  date.setUTCMonth(date.getUTCMonth() + 1);
  return date.getTime();
}

function monthBefore(ms) {
  const date = new Date(ms);
  date.setUTCMonth(date.getUTCMonth() - 1);
  return date.getTime();
}

const iso = (ms) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
const idOf = (prefix, length = 17) =>
  `${prefix}${randomBytes(length).toString('base64url').replace(/[-_]/g, 'X').slice(0, length).toUpperCase()}`;

/** One PayPal error body, as the REST API answers them. */
function paypalError(name, message, details = []) {
  return { name, message, debug_id: randomBytes(6).toString('hex'), details };
}

class HttpError extends Error {
  constructor(status, body) {
    super(body.message ?? String(status));
    this.status = status;
    this.body = body;
  }
}

/**
 * The stand-in's state and behaviour; `startPaypalStandin` puts it behind HTTP. Every method the
 * control API offers is a method here too, so tests in the same process may call them directly.
 */
export class PaypalStandin {
  constructor({
    clientId = 'standin-client-id',
    clientSecret = 'standin-client-secret',
    webhookId = 'WH-STANDIN',
    webhookUrl,
    autoDeliver = false,
    tokenTtlSeconds = 32_400,
  } = {}) {
    this.clientId = clientId;
    this.clientSecret = clientSecret;
    this.webhookId = webhookId;
    this.webhookUrl = webhookUrl;
    /** Deliver each event as it happens (the browser flow); tests usually deliver by hand. */
    this.autoDeliver = autoDeliver;
    this.tokenTtlSeconds = tokenTtlSeconds;
    this.baseUrl = 'http://127.0.0.1';
    this.signingKey = randomBytes(32);
    this.tokens = new Map();
    this.subscriptions = new Map();
    /** Every event made, by id, in order: { event, deliveries }. */
    this.events = new Map();
    /** Transmissions this stand-in signed: id -> { signature, time, webhookId, event }. */
    this.transmissions = new Map();
    this.stats = { tokensIssued: 0, verifications: 0, cancels: 0, shows: 0 };
  }

  // --- OAuth -----------------------------------------------------------------------------------

  issueToken(authorization, body) {
    const expected = `Basic ${Buffer.from(`${this.clientId}:${this.clientSecret}`).toString('base64')}`;
    if (authorization !== expected) {
      throw new HttpError(401, {
        error: 'invalid_client',
        error_description: 'Client Authentication failed',
      });
    }
    if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') {
      throw new HttpError(400, { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' });
    }
    const token = `A21AA${randomBytes(24).toString('base64url')}`;
    this.tokens.set(token, Date.now() + this.tokenTtlSeconds * 1000);
    this.stats.tokensIssued += 1;
    return {
      scope: 'https://uri.paypal.com/services/subscriptions',
      access_token: token,
      token_type: 'Bearer',
      app_id: 'APP-STANDIN',
      expires_in: this.tokenTtlSeconds,
      nonce: `${iso(Date.now())}${randomBytes(8).toString('hex')}`,
    };
  }

  /** Forgets every token: the next API call with an old one gets 401, as after PayPal expires it. */
  expireTokens() {
    this.tokens.clear();
  }

  authorize(authorization) {
    const token = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
    const expiresAt = token ? this.tokens.get(token) : undefined;
    if (!expiresAt || expiresAt <= Date.now()) {
      throw new HttpError(401, {
        error: 'invalid_token',
        error_description: 'Token signature verification failed',
      });
    }
  }

  // --- Subscriptions ---------------------------------------------------------------------------

  links(id) {
    return [
      { href: `${this.baseUrl}/__standin/approve/${id}`, rel: 'approve', method: 'GET' },
      { href: `${this.baseUrl}/v1/billing/subscriptions/${id}`, rel: 'edit', method: 'PATCH' },
      { href: `${this.baseUrl}/v1/billing/subscriptions/${id}`, rel: 'self', method: 'GET' },
    ];
  }

  /** POST /v1/billing/subscriptions: APPROVAL_PENDING until the buyer approves. */
  createSubscription({ plan_id: planId, custom_id: customId, start_time: startTime } = {}) {
    if (typeof planId !== 'string' || !/^P-[A-Z0-9]+$/.test(planId)) {
      throw new HttpError(
        422,
        paypalError('UNPROCESSABLE_ENTITY', 'The requested action could not be performed.', [
          {
            field: '/plan_id',
            issue: 'INVALID_RESOURCE_ID',
            description: 'Requested resource ID was not found.',
          },
        ]),
      );
    }
    const now = Date.now();
    const subscription = {
      id: idOf('I-', 12),
      plan_id: planId,
      ...(customId === undefined ? {} : { custom_id: String(customId) }),
      status: 'APPROVAL_PENDING',
      status_update_time: iso(now),
      start_time: startTime ?? iso(now),
      create_time: iso(now),
      quantity: '1',
      plan_overridden: false,
    };
    this.subscriptions.set(subscription.id, subscription);
    return this.show(subscription.id);
  }

  subscription(id) {
    const subscription = this.subscriptions.get(id);
    if (!subscription) {
      throw new HttpError(
        404,
        paypalError('RESOURCE_NOT_FOUND', 'The specified resource does not exist.', [
          { issue: 'INVALID_RESOURCE_ID', description: 'Invalid subscription id.' },
        ]),
      );
    }
    return subscription;
  }

  /** GET /v1/billing/subscriptions/{id}: the source of truth. */
  show(id) {
    const subscription = structuredClone(this.subscription(id));
    return { ...subscription, links: this.links(id) };
  }

  setStatus(subscription, status, at = Date.now()) {
    subscription.status = status;
    subscription.status_update_time = iso(at);
  }

  /** POST /v1/billing/subscriptions/{id}/cancel: 204, or 422 on one that has already ended. */
  cancel(id, { reason } = {}) {
    const subscription = this.subscription(id);
    this.stats.cancels += 1;
    if (typeof reason !== 'string' || reason.length === 0) {
      throw new HttpError(
        400,
        paypalError(
          'INVALID_REQUEST',
          'Request is not well-formed, syntactically incorrect, or violates schema.',
          [
            {
              field: '/reason',
              issue: 'MISSING_REQUIRED_PARAMETER',
              description: 'A required field is missing.',
            },
          ],
        ),
      );
    }
    if (!['ACTIVE', 'SUSPENDED', 'APPROVED'].includes(subscription.status)) {
      throw new HttpError(
        422,
        paypalError('UNPROCESSABLE_ENTITY', 'The requested action could not be performed.', [
          {
            issue: 'SUBSCRIPTION_STATUS_INVALID',
            description:
              'Invalid subscription status for cancel action; subscription status should be active or suspended.',
          },
        ]),
      );
    }
    this.end(subscription, 'CANCELLED', reason);
    return this.emit('BILLING.SUBSCRIPTION.CANCELLED', subscription);
  }

  /** CANCELLED and EXPIRED bill no more: PayPal drops the next billing time. */
  end(subscription, status, reason, at = Date.now()) {
    this.setStatus(subscription, status, at);
    if (reason) subscription.status_change_note = reason;
    if (subscription.billing_info) delete subscription.billing_info.next_billing_time;
  }

  // --- The subscription's life (control API) ---------------------------------------------------

  /**
   * The buyer approves at PayPal: the first payment is taken, the subscription becomes ACTIVE and
   * ACTIVATED then PAYMENT.SALE.COMPLETED go out. `nextBillingTime` overrides the month (tests put
   * it in the past to end a paid period without waiting).
   */
  approve(id, { nextBillingTime } = {}) {
    const subscription = this.subscription(id);
    if (subscription.status !== 'APPROVAL_PENDING') {
      throw new HttpError(
        422,
        paypalError('UNPROCESSABLE_ENTITY', `The subscription is ${subscription.status}.`),
      );
    }
    const now = Date.now();
    this.setStatus(subscription, 'ACTIVE', now);
    subscription.start_time = iso(now);
    subscription.subscriber = {
      email_address: 'buyer@example.com',
      payer_id: idOf('', 13),
      name: { given_name: 'Sandbox', surname: 'Buyer' },
    };
    subscription.billing_info = {
      outstanding_balance: { currency_code: 'USD', value: '0.00' },
      cycle_executions: [
        { tenure_type: 'REGULAR', sequence: 1, cycles_completed: 0, cycles_remaining: 0, total_cycles: 0 },
      ],
      next_billing_time: nextBillingTime ?? iso(monthAfter(now)),
      failed_payments_count: 0,
    };
    const activated = this.emit('BILLING.SUBSCRIPTION.ACTIVATED', subscription);
    // The first payment opened the paid period that ends at the next billing time.
    const sale = this.pay(subscription, nextBillingTime ? monthBefore(Date.parse(nextBillingTime)) : now);
    return [activated, sale];
  }

  pay(subscription, at) {
    const info = subscription.billing_info;
    info.cycle_executions[0].cycles_completed += 1;
    info.last_payment = { amount: { currency_code: 'USD', value: '5.00' }, time: iso(at) };
    return this.emitEvent('PAYMENT.SALE.COMPLETED', 'sale', {
      id: idOf('', 17),
      state: 'completed',
      amount: { total: '5.00', currency: 'USD', details: { subtotal: '5.00' } },
      payment_mode: 'INSTANT_TRANSFER',
      protection_eligibility: 'ELIGIBLE',
      billing_agreement_id: subscription.id,
      custom: subscription.custom_id ?? '',
      create_time: iso(at),
      update_time: iso(at),
      links: [{ href: `${this.baseUrl}/v1/payments/sale/x`, rel: 'self', method: 'GET' }],
    });
  }

  /** A month is paid again: next_billing_time moves on a month (or to `nextBillingTime`). */
  renew(id, { nextBillingTime } = {}) {
    const subscription = this.active(id, ['ACTIVE', 'SUSPENDED']);
    const info = subscription.billing_info;
    const from = Math.max(Date.parse(info.next_billing_time ?? iso(Date.now())), Date.now());
    info.next_billing_time = nextBillingTime ?? iso(monthAfter(from));
    info.failed_payments_count = 0;
    const events = [];
    if (subscription.status === 'SUSPENDED') {
      this.setStatus(subscription, 'ACTIVE');
      events.push(this.emit('BILLING.SUBSCRIPTION.ACTIVATED', subscription));
    }
    events.push(this.pay(subscription, Date.now()));
    return events;
  }

  /** A payment fails: the subscription stays ACTIVE while PayPal retries. */
  failPayment(id) {
    const subscription = this.active(id, ['ACTIVE']);
    const info = subscription.billing_info;
    info.failed_payments_count += 1;
    info.last_failed_payment = {
      amount: { currency_code: 'USD', value: '5.00' },
      time: iso(Date.now()),
      reason_code: 'PAYER_ACTION_REQUIRED',
      next_payment_retry_time: iso(Date.now() + 5 * DAY_MS),
    };
    return [this.emit('BILLING.SUBSCRIPTION.PAYMENT.FAILED', subscription)];
  }

  /** Too many failed payments (or the merchant suspends): SUSPENDED since `at` (ISO; default now). */
  suspend(id, { at } = {}) {
    const subscription = this.active(id, ['ACTIVE']);
    this.setStatus(subscription, 'SUSPENDED', at ? Date.parse(at) : Date.now());
    subscription.status_change_note = 'Maximum number of failed payments reached';
    return [this.emit('BILLING.SUBSCRIPTION.SUSPENDED', subscription)];
  }

  /** The buyer cancels in their PayPal account. */
  cancelByBuyer(id) {
    const subscription = this.active(id, ['ACTIVE', 'SUSPENDED', 'APPROVED']);
    this.end(subscription, 'CANCELLED', 'Cancelled by the buyer');
    return [this.emit('BILLING.SUBSCRIPTION.CANCELLED', subscription)];
  }

  /** The plan's cycles are over (or PayPal gave up): EXPIRED. */
  expire(id) {
    const subscription = this.active(id, ['ACTIVE', 'SUSPENDED', 'CANCELLED']);
    this.end(subscription, 'EXPIRED');
    return [this.emit('BILLING.SUBSCRIPTION.EXPIRED', subscription)];
  }

  /** The buyer or merchant changes the plan (revise): UPDATED. */
  revise(id, { planId }) {
    const subscription = this.active(id, ['ACTIVE', 'SUSPENDED']);
    subscription.plan_id = planId;
    return [this.emit('BILLING.SUBSCRIPTION.UPDATED', subscription)];
  }

  active(id, statuses) {
    const subscription = this.subscription(id);
    if (!statuses.includes(subscription.status)) {
      throw new HttpError(
        422,
        paypalError(
          'UNPROCESSABLE_ENTITY',
          `The subscription is ${subscription.status}; this needs ${statuses.join(' or ')}.`,
        ),
      );
    }
    return subscription;
  }

  // --- Events and webhooks ---------------------------------------------------------------------

  emit(eventType, subscription) {
    return this.emitEvent(eventType, 'subscription', {
      ...structuredClone(subscription),
      links: this.links(subscription.id),
    });
  }

  /** One event in PayPal's webhook shape (event_version 1.0, resource_version 2.0). */
  emitEvent(eventType, resourceType, resource) {
    const event = {
      id: `WH-${idOf('', 8)}-${idOf('', 17)}`,
      event_version: '1.0',
      create_time: iso(Date.now()),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: eventType,
      summary: summaries[eventType] ?? eventType,
      resource,
      links: [{ href: `${this.baseUrl}/v1/notifications/webhooks-events/x`, rel: 'self', method: 'GET' }],
    };
    this.events.set(event.id, { event, deliveries: [] });
    if (this.autoDeliver && this.webhookUrl) {
      this.deliver(event.id).catch(() => {});
    }
    return event.id;
  }

  /** The events made so far, oldest first, optionally for one subscription. */
  listEvents({ subscriptionId } = {}) {
    return [...this.events.values()]
      .map(({ event, deliveries }) => ({ event, deliveries }))
      .filter(
        ({ event }) =>
          !subscriptionId ||
          event.resource.id === subscriptionId ||
          event.resource.billing_agreement_id === subscriptionId,
      );
  }

  sign(transmissionId, time, webhookId, event) {
    return createHmac('sha256', this.signingKey)
      .update(`${transmissionId}|${time}|${webhookId}|${JSON.stringify(event)}`)
      .digest('base64');
  }

  /**
   * Sends an event to the webhook URL as PayPal does: the JSON body and the five PAYPAL-* headers.
   * Each call is a new transmission (a replay is simply a second call). `forge`: 'signature'
   * (a made-up signature), 'body' (a signed transmission whose body was changed after signing),
   * 'webhook-id' (signed for another webhook). Answers what our server said.
   */
  async deliver(eventId, { url = this.webhookUrl, forge } = {}) {
    const record = this.events.get(eventId);
    if (!record) throw new HttpError(404, paypalError('RESOURCE_NOT_FOUND', `No event ${eventId}.`));
    if (!url)
      throw new HttpError(
        400,
        paypalError('INVALID_REQUEST', 'No webhook URL: pass url or start with --webhook-url.'),
      );
    const transmissionId = randomUUID();
    const time = iso(Date.now());
    const webhookId = forge === 'webhook-id' ? 'WH-SOMEONE-ELSE' : this.webhookId;
    let signature = this.sign(transmissionId, time, webhookId, record.event);
    this.transmissions.set(transmissionId, { signature, time, webhookId, event: record.event });
    let body = record.event;
    if (forge === 'signature') signature = randomBytes(32).toString('base64');
    if (forge === 'body')
      body = {
        ...structuredClone(record.event),
        resource: { ...record.event.resource, custom_id: 'acct_forged' },
      };
    const response = await fetch(url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'paypal-transmission-id': transmissionId,
        'paypal-transmission-time': time,
        'paypal-transmission-sig': signature,
        'paypal-cert-url': `${this.baseUrl}/v1/notifications/certs/CERT-360caa42-fca2a594-standin`,
        'paypal-auth-algo': 'SHA256withRSA',
      },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    const delivery = { transmissionId, status: response.status, body: text, forged: forge ?? null };
    record.deliveries.push(delivery);
    return delivery;
  }

  /** POST /v1/notifications/verify-webhook-signature: SUCCESS only for what this stand-in signed. */
  verify(body) {
    this.stats.verifications += 1;
    const required = [
      'auth_algo',
      'cert_url',
      'transmission_id',
      'transmission_sig',
      'transmission_time',
      'webhook_id',
      'webhook_event',
    ];
    const missing = required.filter((field) => body?.[field] === undefined || body[field] === '');
    if (missing.length > 0) {
      throw new HttpError(
        400,
        paypalError(
          'VALIDATION_ERROR',
          'Invalid request - see details',
          missing.map((field) => ({ field, location: 'body', issue: 'MISSING_REQUIRED_PARAMETER' })),
        ),
      );
    }
    const sent = this.transmissions.get(body.transmission_id);
    const expected = sent ? Buffer.from(sent.signature) : undefined;
    const given = Buffer.from(String(body.transmission_sig));
    const ok =
      sent !== undefined &&
      expected.length === given.length &&
      timingSafeEqual(expected, given) &&
      sent.time === body.transmission_time &&
      sent.webhookId === body.webhook_id &&
      isDeepStrictEqual(sent.event, body.webhook_event) &&
      String(body.cert_url).startsWith(`${this.baseUrl}/`);
    return { verification_status: ok ? 'SUCCESS' : 'FAILURE' };
  }
}

const summaries = {
  'BILLING.SUBSCRIPTION.ACTIVATED': 'Subscription activated',
  'BILLING.SUBSCRIPTION.UPDATED': 'Subscription updated',
  'BILLING.SUBSCRIPTION.SUSPENDED': 'Subscription suspended',
  'BILLING.SUBSCRIPTION.CANCELLED': 'Subscription cancelled',
  'BILLING.SUBSCRIPTION.EXPIRED': 'Subscription expired',
  'BILLING.SUBSCRIPTION.PAYMENT.FAILED': 'Subscription payment failed',
  'PAYMENT.SALE.COMPLETED': 'Payment completed for $ 5.0 USD',
};

// --- HTTP ----------------------------------------------------------------------------------------

async function readBody(request) {
  const chunks = [];
  for await (const chunk of request) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

function json(text) {
  if (text === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, paypalError('MALFORMED_REQUEST_JSON', 'The request JSON is not well formed.'));
  }
}

const CONTROL_ACTIONS = {
  renew: (s, id, body) => s.renew(id, body),
  'fail-payment': (s, id) => s.failPayment(id),
  suspend: (s, id, body) => s.suspend(id, body),
  cancel: (s, id) => s.cancelByBuyer(id),
  expire: (s, id) => s.expire(id),
  revise: (s, id, body) => s.revise(id, body),
  approve: (s, id, body) => s.approve(id, body),
};

/** Routes one request; answers [status, body, contentType?]. */
async function route(standin, request) {
  const url = new URL(request.url ?? '/', 'http://standin');
  const method = request.method ?? 'GET';
  const parts = url.pathname.split('/').filter(Boolean);
  const text = method === 'GET' ? '' : await readBody(request);
  const at = (...expected) =>
    parts.length === expected.length && expected.every((p, i) => p === '*' || p === parts[i]);

  if (method === 'GET' && url.pathname === '/sdk/js') {
    if (!fs.existsSync(SDK_FILE)) return [404, '// sdk.js is not written yet\n', 'text/javascript'];
    return [200, fs.readFileSync(SDK_FILE, 'utf8'), 'text/javascript; charset=utf-8'];
  }
  if (method === 'POST' && url.pathname === '/v1/oauth2/token') {
    return [200, standin.issueToken(request.headers.authorization, text)];
  }
  if (parts[0] === 'v1') {
    standin.authorize(request.headers.authorization);
    if (method === 'POST' && at('v1', 'billing', 'subscriptions'))
      return [201, standin.createSubscription(json(text))];
    if (method === 'GET' && at('v1', 'billing', 'subscriptions', '*')) {
      standin.stats.shows += 1;
      return [200, standin.show(parts[3])];
    }
    if (method === 'POST' && at('v1', 'billing', 'subscriptions', '*', 'cancel')) {
      standin.cancel(parts[3], json(text));
      return [204, undefined];
    }
    if (method === 'POST' && at('v1', 'notifications', 'verify-webhook-signature')) {
      return [200, standin.verify(json(text))];
    }
  }
  if (parts[0] === '__standin') {
    // The approve link a buyer follows (GET, from a browser) or the SDK stand-in calls (POST).
    if (at('__standin', 'approve', '*')) {
      const events = standin.approve(parts[2], json(text));
      return [200, { subscription: standin.show(parts[2]), events }];
    }
    if (method === 'POST' && at('__standin', 'config')) {
      const body = json(text);
      if ('webhookUrl' in body) standin.webhookUrl = body.webhookUrl;
      if ('webhookId' in body) standin.webhookId = body.webhookId;
      if ('autoDeliver' in body) standin.autoDeliver = Boolean(body.autoDeliver);
      return [
        200,
        {
          webhookUrl: standin.webhookUrl ?? null,
          webhookId: standin.webhookId,
          autoDeliver: standin.autoDeliver,
        },
      ];
    }
    if (method === 'POST' && at('__standin', 'subscriptions')) {
      // Create without a token, as the SDK stand-in in the browser does.
      return [201, standin.createSubscription(json(text))];
    }
    if (method === 'POST' && at('__standin', 'subscriptions', '*', '*') && CONTROL_ACTIONS[parts[3]]) {
      const events = CONTROL_ACTIONS[parts[3]](standin, parts[2], json(text));
      return [200, { subscription: standin.show(parts[2]), events }];
    }
    if (method === 'GET' && at('__standin', 'events')) {
      return [
        200,
        standin.listEvents({ subscriptionId: url.searchParams.get('subscriptionId') ?? undefined }),
      ];
    }
    if (method === 'POST' && at('__standin', 'events', '*', 'deliver')) {
      return [200, await standin.deliver(parts[2], json(text))];
    }
    if (method === 'POST' && at('__standin', 'tokens', 'expire')) {
      standin.expireTokens();
      return [204, undefined];
    }
    if (method === 'GET' && at('__standin', 'stats')) return [200, standin.stats];
  }
  return [404, paypalError('NOT_FOUND', `No route ${method} ${url.pathname} in the PayPal stand-in.`)];
}

/**
 * Starts the stand-in on a loopback port (0: any free one). Answers { url, standin, close }.
 * Options are PaypalStandin's plus `port` and `host`.
 */
export async function startPaypalStandin({ port = 0, host = '127.0.0.1', ...options } = {}) {
  const standin = new PaypalStandin(options);
  const server = http.createServer((request, response) => {
    // Browsers (the SDK stand-in) call the create, approve and SDK routes from the site's origin.
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', 'content-type, authorization');
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    route(standin, request)
      .catch((error) => {
        if (error instanceof HttpError) return [error.status, error.body];
        return [500, paypalError('INTERNAL_SERVICE_ERROR', String(error?.message ?? error))];
      })
      .then(([status, body, contentType = 'application/json']) => {
        if (body === undefined) return response.writeHead(status).end();
        const text = typeof body === 'string' ? body : JSON.stringify(body);
        response.writeHead(status, {
          'content-type': contentType,
          'paypal-debug-id': randomBytes(6).toString('hex'),
        });
        response.end(text);
      });
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const url = `http://${host}:${address.port}`;
  standin.baseUrl = url;
  return {
    url,
    standin,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] && path.resolve(process.argv[1]) === import.meta.filename) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '8790' },
      host: { type: 'string', default: '127.0.0.1' },
      'webhook-url': { type: 'string' },
      'webhook-id': { type: 'string' },
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
    },
  });
  const { url } = await startPaypalStandin({
    port: Number(values.port),
    host: values.host,
    webhookUrl: values['webhook-url'],
    autoDeliver: Boolean(values['webhook-url']),
    ...(values['webhook-id'] ? { webhookId: values['webhook-id'] } : {}),
    ...(values['client-id'] ? { clientId: values['client-id'] } : {}),
    ...(values['client-secret'] ? { clientSecret: values['client-secret'] } : {}),
  });
  console.log(`PayPal stand-in on ${url}`);
}
