import { type Kysely, sql } from 'kysely';

/**
 * Workspaces. An account row becomes a workspace: accounts made at sign-in are personal
 * workspaces, owned by their user, and keep their ids, so every code, key, hostname and
 * subscription that names the account keeps working. Team workspaces are account rows without
 * a Firebase uid. Members, invitations and the audit log are new tables.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('accounts').addColumn('name', 'text').execute();
  await db.schema
    .alterTable('accounts')
    .addColumn('personal', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`update accounts set name = coalesce(display_name, email, marketplace_user, 'Personal')`.execute(
    db,
  );

  await db.schema
    .createTable('workspace_members')
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('uid', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('joined_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('workspace_members_pk', ['workspace_id', 'uid'])
    .execute();
  // "Which workspaces is this user in?" on every signed-in request that names one.
  await db.schema.createIndex('workspace_members_uid').on('workspace_members').columns(['uid']).execute();
  await sql`insert into workspace_members (workspace_id, uid, role, joined_at)
    select id, firebase_uid, 'owner', created_at from accounts where firebase_uid is not null`.execute(db);

  await db.schema
    .createTable('workspace_invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('accepted_at', 'bigint')
    .addColumn('accepted_by', 'text')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('workspace_invitations_workspace_id_id')
    .on('workspace_invitations')
    .columns(['workspace_id', 'id'])
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('workspace_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('actor_email', 'text')
    .addColumn('resource_type', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'text', (c) => c.notNull())
    .addColumn('data_json', 'text', (c) => c.notNull())
    .execute();
  // A page of the log is newest first by id (ids start with their time) within a workspace,
  // narrowed by one filter: each filter has its own index that ends in the id.
  for (const column of ['type', 'resource_type', 'resource_id', 'actor_id']) {
    await db.schema
      .createIndex(`events_workspace_id_${column}_id`)
      .on('events')
      .columns(['workspace_id', column, 'id'])
      .execute();
  }
  await db.schema
    .createIndex('events_workspace_id_id')
    .on('events')
    .columns(['workspace_id', 'id'])
    .execute();
  await db.schema.createIndex('events_at').on('events').columns(['at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('events').execute();
  await db.schema.dropTable('workspace_invitations').execute();
  await db.schema.dropTable('workspace_members').execute();
  await db.schema.alterTable('accounts').dropColumn('personal').execute();
  await db.schema.alterTable('accounts').dropColumn('name').execute();
}
