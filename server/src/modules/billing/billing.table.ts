/** PayPal webhook events already handled, by PayPal's event id (replays change nothing). */
export interface BillingWebhookEventsTable {
  id: string;
  event_type: string;
  provider_subscription_id: string | null;
  received_at: number;
}
