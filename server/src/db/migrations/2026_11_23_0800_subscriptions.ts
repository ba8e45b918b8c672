import type { Kysely } from 'kysely';

/** Plans held by accounts (PayPal subscriptions and operator grants) and the PayPal events seen. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('plan', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_subscription_id', 'text')
    .addColumn('provider_plan_id', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('current_period_end', 'bigint')
    .addColumn('status_since', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // One PayPal subscription binds to one account, even when the browser and a webhook race.
  await db.schema
    .createIndex('subscriptions_provider_subscription_id')
    .on('subscriptions')
    .column('provider_subscription_id')
    .unique()
    .execute();
  await db.schema.createIndex('subscriptions_account_id').on('subscriptions').column('account_id').execute();

  await db.schema
    .createTable('billing_webhook_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event_type', 'text', (c) => c.notNull())
    .addColumn('provider_subscription_id', 'text')
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('billing_webhook_events').execute();
  await db.schema.dropTable('subscriptions').execute();
}
