import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { waitFor } from '../server/test/helpers/wait-for.js';
import { expect, PASSWORD } from './fixtures.js';

const root = path.resolve(import.meta.dirname, '..');

/** The PayPal settings the test server runs with; the stand-in accepts exactly these. */
export const E2E_PAYPAL = {
  clientId: 'e2e-paypal-client',
  clientSecret: 'e2e-paypal-secret',
  webhookId: 'WH-E2E-STANDIN',
  /** Our plans' PayPal plan ids (PAYPAL_PLAN_<ID>); the stand-in takes any `P-...` id. */
  plans: {
    hostnames: 'P-E2EHOSTNAMES',
    basic: 'P-E2EBASIC',
    pro: 'P-E2EPRO',
    ultra: 'P-E2EULTRA',
    mega: 'P-E2EMEGA',
  },
} as const;

export type E2ePlanId = keyof typeof E2E_PAYPAL.plans;

export interface PaypalStandinProcess {
  url: string;
  /** The server's PAYPAL_* settings pointing at this stand-in. */
  serverEnv: Record<string, string>;
  stop(): Promise<void>;
}

/**
 * Runs the PayPal stand-in (tools/paypal-standin/server.mjs) as its own process on `port`, sending
 * every event to `webhookUrl` as it happens (PayPal does the same), and answers once it listens.
 */
export async function startPaypalStandinProcess(
  port: number,
  webhookUrl: string,
): Promise<PaypalStandinProcess> {
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(
    process.execPath,
    [
      path.join(root, 'tools/paypal-standin/server.mjs'),
      '--port',
      String(port),
      '--webhook-url',
      webhookUrl,
      '--webhook-id',
      E2E_PAYPAL.webhookId,
      '--client-id',
      E2E_PAYPAL.clientId,
      '--client-secret',
      E2E_PAYPAL.clientSecret,
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-10_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    if (child.exitCode === null) child.kill('SIGKILL');
  };

  const answers = async () => {
    if (child.exitCode !== null)
      throw new Error(`the PayPal stand-in exited (${child.exitCode}):\n${output}`);
    return fetch(`${url}/__standin/stats`).then(
      (response) => response.ok,
      () => false, // not listening yet
    );
  };
  try {
    await waitFor(answers, `the PayPal stand-in at ${url}`, { timeoutMs: 15_000, everyMs: 100 });
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}:\n${output}`);
  }

  return {
    url,
    serverEnv: {
      PAYPAL_CLIENT_ID: E2E_PAYPAL.clientId,
      PAYPAL_CLIENT_SECRET: E2E_PAYPAL.clientSecret,
      PAYPAL_API_BASE: url,
      PAYPAL_WEBHOOK_ID: E2E_PAYPAL.webhookId,
      PAYPAL_PLAN_HOSTNAMES: E2E_PAYPAL.plans.hostnames,
      PAYPAL_PLAN_BASIC: E2E_PAYPAL.plans.basic,
      PAYPAL_PLAN_PRO: E2E_PAYPAL.plans.pro,
      PAYPAL_PLAN_ULTRA: E2E_PAYPAL.plans.ultra,
      PAYPAL_PLAN_MEGA: E2E_PAYPAL.plans.mega,
      PAYPAL_SDK_BASE: `${url}/sdk/js`,
    },
    stop,
  };
}

/** The stand-in's address (set by global-setup.ts, inherited by the workers). */
export function standinUrl(): string {
  const url = process.env.RQ_E2E_PAYPAL_STANDIN;
  if (!url) throw new Error('RQ_E2E_PAYPAL_STANDIN is not set: run the tests with `npx playwright test`');
  return url;
}

/** Calls the stand-in's control API (what PayPal does on its side: renew, fail, suspend, ...). */
export async function standin<T>(method: string, pathname: string, body?: unknown): Promise<T> {
  const response = await fetch(`${standinUrl()}${pathname}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok)
    throw new Error(`the PayPal stand-in answered ${response.status} to ${pathname}: ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A fresh ID token for the account signed up with `email`, from the run's Firebase Auth emulator. */
export async function idTokenOf(email: string): Promise<string> {
  const emulator = process.env.RQ_E2E_AUTH_EMULATOR_HOST_IN_USE;
  const response = await fetch(
    `http://${emulator}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=any`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD, returnSecureToken: true }),
    },
  );
  const answer = (await response.json()) as { idToken?: string };
  if (!answer.idToken) throw new Error(`the emulator gave no ID token: ${JSON.stringify(answer)}`);
  return answer.idToken;
}

/** Calls our API as the account with that ID token, as a script would. */
export async function callApi<T>(
  idToken: string,
  method: string,
  pathname: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const base = process.env.RQ_E2E_BASE_URL;
  const response = await fetch(`${base}/api/v1${pathname}`, {
    method,
    headers: {
      authorization: `Bearer ${idToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** `callApi`, expecting a success: the answer's body. */
export async function callApiOk<T>(
  idToken: string,
  method: string,
  pathname: string,
  body?: unknown,
): Promise<T> {
  const answer = await callApi<T>(idToken, method, pathname, body);
  expect(answer.status, `${method} ${pathname}: ${JSON.stringify(answer.body)}`).toBeLessThan(300);
  return answer.body;
}

/**
 * Buys `plan` for the account signed up with `email` the way the pricing page does, without the
 * page: PayPal creates the subscription with the account as custom_id, the buyer approves it at
 * PayPal, and the API confirms it. For specs that need a plan but are about something else.
 */
export async function subscribeThroughPayPal(email: string, plan: E2ePlanId): Promise<{ id: string }> {
  const token = await idTokenOf(email);
  const me = await callApi<{ id: string }>(token, 'GET', '/me');
  const created = await standin<{ id: string }>('POST', '/__standin/subscriptions', {
    plan_id: E2E_PAYPAL.plans[plan],
    custom_id: me.body.id,
  });
  await standin('POST', `/__standin/approve/${created.id}`);
  const confirmed = await callApi<{ id: string }>(token, 'POST', '/subscriptions', {
    provider: 'paypal',
    subscriptionId: created.id,
  });
  if (confirmed.status !== 201 && confirmed.status !== 200) {
    throw new Error(`POST /subscriptions answered ${confirmed.status}: ${JSON.stringify(confirmed.body)}`);
  }
  return confirmed.body;
}

/** What PayPal (the stand-in) says about a subscription, read as our server reads it (OAuth + GET). */
export async function paypalSubscription(id: string): Promise<{
  id: string;
  status: string;
  plan_id: string;
  custom_id?: string;
  billing_info?: { next_billing_time?: string };
}> {
  const basic = Buffer.from(`${E2E_PAYPAL.clientId}:${E2E_PAYPAL.clientSecret}`).toString('base64');
  const token = await fetch(`${standinUrl()}/v1/oauth2/token`, {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  const { access_token: accessToken } = (await token.json()) as { access_token: string };
  const response = await fetch(`${standinUrl()}/v1/billing/subscriptions/${encodeURIComponent(id)}`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  if (!response.ok) throw new Error(`the stand-in answered ${response.status} for ${id}`);
  return (await response.json()) as Awaited<ReturnType<typeof paypalSubscription>>;
}

/** A date as the site shows it (en-US, UTC). */
export function dayAsShown(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}
