/**
 * The PayPal REST calls billing makes, as PayPal documents them: OAuth client credentials (the
 * token cached until shortly before it expires), show and cancel a subscription, and verify a
 * webhook's signature. Tests run it against tools/paypal-standin.
 */

/** What PayPal's GET /v1/billing/subscriptions/{id} says, the fields we read. */
export interface PayPalSubscription {
  id: string;
  plan_id: string;
  custom_id?: string;
  status: PayPalStatus;
  status_update_time?: string;
  start_time?: string;
  billing_info?: { next_billing_time?: string; failed_payments_count?: number };
}

export type PayPalStatus = 'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';

/** The five headers PayPal sends with a webhook, lower case as Node reads them. */
export interface WebhookHeaders {
  'paypal-transmission-id': string;
  'paypal-transmission-time': string;
  'paypal-transmission-sig': string;
  'paypal-cert-url': string;
  'paypal-auth-algo': string;
}

/** PayPal answered something else than we asked for, or did not answer. */
export class PayPalError extends Error {
  constructor(
    message: string,
    readonly status: number | undefined,
    /** PayPal's error `name` (e.g. RESOURCE_NOT_FOUND), or its first detail's `issue`. */
    readonly issue: string | undefined,
  ) {
    super(message);
    this.name = 'PayPalError';
  }
}

export interface PayPalClientOptions {
  apiBase: string;
  clientId: string;
  clientSecret: string;
  /** How long before `expires_in` runs out a token is replaced (default a minute). */
  tokenMarginMs?: number;
  timeoutMs?: number;
  now?: () => number;
}

interface CachedToken {
  value: string;
  /** When we stop using it (PayPal's expiry minus the margin). */
  useUntil: number;
}

export class PayPalClient {
  private token: CachedToken | undefined;
  /** One token request at a time: concurrent calls wait for the same one. */
  private pendingToken: Promise<CachedToken> | undefined;
  private readonly now: () => number;

  constructor(private readonly options: PayPalClientOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The subscription as PayPal has it now; undefined when PayPal knows no such id. */
  async getSubscription(id: string): Promise<PayPalSubscription | undefined> {
    const response = await this.call('GET', `/v1/billing/subscriptions/${encodeURIComponent(id)}`);
    if (response.status === 404) return undefined;
    if (response.status !== 200) throw await this.failure(response, 'show the subscription');
    return (await response.json()) as PayPalSubscription;
  }

  /**
   * Cancels at PayPal. A subscription that has already ended (422 SUBSCRIPTION_STATUS_INVALID)
   * counts as cancelled: there is nothing left to stop.
   */
  async cancelSubscription(id: string, reason: string): Promise<void> {
    const response = await this.call('POST', `/v1/billing/subscriptions/${encodeURIComponent(id)}/cancel`, {
      reason,
    });
    if (response.status === 204 || response.status === 200) return;
    const error = await this.failure(response, 'cancel the subscription');
    if (response.status === 422 && error.issue === 'SUBSCRIPTION_STATUS_INVALID') return;
    throw error;
  }

  /** Asks PayPal whether it sent this webhook to the webhook with `webhookId`. */
  async verifyWebhookSignature(headers: WebhookHeaders, webhookId: string, event: unknown): Promise<boolean> {
    const response = await this.call('POST', '/v1/notifications/verify-webhook-signature', {
      auth_algo: headers['paypal-auth-algo'],
      cert_url: headers['paypal-cert-url'],
      transmission_id: headers['paypal-transmission-id'],
      transmission_sig: headers['paypal-transmission-sig'],
      transmission_time: headers['paypal-transmission-time'],
      webhook_id: webhookId,
      webhook_event: event,
    });
    if (response.status !== 200) throw await this.failure(response, 'verify the webhook signature');
    const body = (await response.json()) as { verification_status?: string };
    return body.verification_status === 'SUCCESS';
  }

  /** A call with a bearer token; a 401 (token revoked or expired early) gets one new token and a retry. */
  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    let response = await this.send(method, path, body, await this.accessToken());
    if (response.status === 401) {
      this.token = undefined;
      response = await this.send(method, path, body, await this.accessToken());
    }
    return response;
  }

  private async send(method: string, path: string, body: unknown, token: string): Promise<Response> {
    try {
      return await fetch(new URL(path, this.options.apiBase), {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new PayPalError(
        `PayPal did not answer ${method} ${path}: ${(error as Error).message}`,
        undefined,
        undefined,
      );
    }
  }

  private async accessToken(): Promise<string> {
    if (this.token && this.token.useUntil > this.now()) return this.token.value;
    this.pendingToken ??= this.requestToken().finally(() => {
      this.pendingToken = undefined;
    });
    this.token = await this.pendingToken;
    return this.token.value;
  }

  private async requestToken(): Promise<CachedToken> {
    const { clientId, clientSecret, apiBase } = this.options;
    let response: Response;
    try {
      response = await fetch(new URL('/v1/oauth2/token', apiBase), {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: 'grant_type=client_credentials',
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new PayPalError(
        `PayPal did not answer the token request: ${(error as Error).message}`,
        undefined,
        undefined,
      );
    }
    if (response.status !== 200) throw await this.failure(response, 'issue an access token');
    const body = (await response.json()) as { access_token: string; expires_in: number };
    const margin = this.options.tokenMarginMs ?? 60_000;
    // A token shorter-lived than the margin is still used for half its life.
    const lifetime = body.expires_in * 1000;
    return { value: body.access_token, useUntil: this.now() + Math.max(lifetime - margin, lifetime / 2) };
  }

  private async failure(response: Response, what: string): Promise<PayPalError> {
    const text = await response.text().catch(() => '');
    let issue: string | undefined;
    try {
      const body = JSON.parse(text) as { name?: string; error?: string; details?: { issue?: string }[] };
      issue = body.details?.[0]?.issue ?? body.name ?? body.error;
    } catch {
      issue = undefined;
    }
    return new PayPalError(
      `PayPal could not ${what}: ${response.status} ${text.slice(0, 300)}`,
      response.status,
      issue,
    );
  }
}
