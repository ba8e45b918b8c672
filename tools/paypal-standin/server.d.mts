// Types for tests that import the stand-in (server.mjs).

export interface StandinSubscription {
  id: string;
  plan_id: string;
  custom_id?: string;
  status: 'APPROVAL_PENDING' | 'APPROVED' | 'ACTIVE' | 'SUSPENDED' | 'CANCELLED' | 'EXPIRED';
  status_update_time: string;
  start_time: string;
  create_time: string;
  billing_info?: { next_billing_time?: string; failed_payments_count: number; [key: string]: unknown };
  links: { href: string; rel: string; method: string }[];
  [key: string]: unknown;
}

export interface StandinEvent {
  id: string;
  event_type: string;
  resource_type: string;
  resource: Record<string, unknown>;
  [key: string]: unknown;
}

export interface Delivery {
  transmissionId: string;
  status: number;
  body: string;
  forged: string | null;
}

export type Forgery = 'signature' | 'body' | 'webhook-id';

export interface StandinOptions {
  clientId?: string;
  clientSecret?: string;
  webhookId?: string;
  webhookUrl?: string;
  autoDeliver?: boolean;
  tokenTtlSeconds?: number;
}

export class PaypalStandin {
  constructor(options?: StandinOptions);
  clientId: string;
  clientSecret: string;
  webhookId: string;
  webhookUrl: string | undefined;
  autoDeliver: boolean;
  tokenTtlSeconds: number;
  baseUrl: string;
  stats: { tokensIssued: number; verifications: number; cancels: number; shows: number };
  subscriptions: Map<string, StandinSubscription>;
  createSubscription(input: { plan_id: string; custom_id?: string }): StandinSubscription;
  show(id: string): StandinSubscription;
  expireTokens(): void;
  /** Each answers the ids of the events it made. */
  approve(id: string, options?: { nextBillingTime?: string }): string[];
  renew(id: string, options?: { nextBillingTime?: string }): string[];
  failPayment(id: string): string[];
  suspend(id: string, options?: { at?: string }): string[];
  cancelByBuyer(id: string): string[];
  expire(id: string): string[];
  revise(id: string, options: { planId: string }): string[];
  listEvents(filter?: { subscriptionId?: string }): { event: StandinEvent; deliveries: Delivery[] }[];
  deliver(eventId: string, options?: { url?: string; forge?: Forgery }): Promise<Delivery>;
}

export function startPaypalStandin(
  options?: StandinOptions & { port?: number; host?: string },
): Promise<{ url: string; standin: PaypalStandin; close(): Promise<void> }>;
