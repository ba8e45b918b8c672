import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import pino from 'pino';
import { loadConfig } from '../../config.js';
import { createDatabase } from '../../db/create-db.js';
import type { Database } from '../../db/database.js';
import { createRedisClient } from '../../plugins/redis.js';
import { ChangeBus } from '../../shared/change-bus.js';
import { appendLocalChange } from '../../shared/local-changes.js';
import { AccountsService } from '../accounts/accounts.service.js';
import { EventsService } from '../events/events.service.js';
import { OperatorGrants } from './plans.grants.js';
import { PLAN_IDS, type PlanId } from './plans.js';

/**
 * `npm run plans -- grant <email|uid|account id> <plan> [--until DATE]`, `revoke <who> [plan]`,
 * `list [who]`: the operator's way to give plans without PayPal (self-hosting, support, gifts).
 * A grant counts at once on servers that share Redis with this command (plans.changed), and on a
 * server without Redis that shares its data folder (shared/local-changes.ts).
 */

export const USAGE = `Usage:
  npm run plans -- grant <email|uid|account id> <plan> [--until YYYY-MM-DD]
  npm run plans -- revoke <email|uid|account id> [plan]
  npm run plans -- list [email|uid|account id]
Plans: ${PLAN_IDS.join(', ')}. A grant without --until lasts until revoked; --until DATE lasts through that day (UTC).`;

export class UsageError extends Error {}

interface Account {
  id: string;
  email: string | null;
}

/** An account by id (acct_...), e-mail address (one with an @) or Firebase uid. */
async function findAccount(db: Kysely<Database>, who: string): Promise<Account> {
  const accounts = new AccountsService(db);
  let id: string | undefined;
  if (who.startsWith('acct_')) {
    id = (await accounts.getById(who))?.id;
  } else {
    // AccountsService has no lookup by e-mail or uid yet; an operator's command reads them here.
    const column = who.includes('@') ? 'email' : 'firebase_uid';
    const rows = await db.selectFrom('accounts').select('id').where(column, '=', who).limit(2).execute();
    if (rows.length > 1)
      throw new UsageError(`More than one account has the e-mail ${who}; use its account id.`);
    id = rows[0]?.id;
  }
  const account = id ? await accounts.getById(id) : undefined;
  if (!account) throw new UsageError(`No account is ${who}.`);
  return { id: account.id, email: account.email };
}

function parsePlan(value: string | undefined): PlanId {
  if (!value || !(PLAN_IDS as readonly string[]).includes(value)) {
    throw new UsageError(`The plan must be one of ${PLAN_IDS.join(', ')}${value ? ` (got ${value})` : ''}.`);
  }
  return value as PlanId;
}

/** --until 2027-01-31 holds through that day in UTC; a full ISO time holds until that instant. */
export function parseUntil(value: string | undefined): number {
  if (!value) throw new UsageError('--until needs a date, e.g. --until 2027-01-31.');
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const ms = day ? Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]) + 1) : Date.parse(value);
  if (Number.isNaN(ms) || (day && new Date(ms - 1).toISOString().slice(0, 10) !== value)) {
    throw new UsageError(`--until must be a date like 2027-01-31 (got ${value}).`);
  }
  return ms;
}

/** Runs one command against the operator's grants; answers the exit code. */
export async function runPlansCommand(
  args: readonly string[],
  deps: { db: Kysely<Database>; grants: OperatorGrants; print: (line: string) => void },
): Promise<number> {
  const [command, ...rest] = args;
  const untilAt = rest.indexOf('--until');
  const until = untilAt >= 0 ? parseUntil(rest[untilAt + 1]) : null;
  const positional = untilAt >= 0 ? [...rest.slice(0, untilAt), ...rest.slice(untilAt + 2)] : rest;
  const { db, grants, print } = deps;

  switch (command) {
    case 'grant': {
      if (positional.length !== 2) throw new UsageError(USAGE);
      const account = await findAccount(db, positional[0]!);
      const plan = parsePlan(positional[1]);
      if (until !== null && until <= Date.now()) throw new UsageError('--until is in the past.');
      const grant = await grants.grant(account.id, plan, until);
      print(
        `Granted ${plan} to ${account.email ?? account.id} (${account.id}) ${grant.currentPeriodEnd ? `until ${grant.currentPeriodEnd}` : 'until revoked'}.`,
      );
      return 0;
    }
    case 'revoke': {
      if (positional.length < 1 || positional.length > 2 || until !== null) throw new UsageError(USAGE);
      const account = await findAccount(db, positional[0]!);
      const plan = positional[1] === undefined ? undefined : parsePlan(positional[1]);
      const removed = await grants.revoke(account.id, plan);
      print(
        removed === 0
          ? `${account.email ?? account.id} has no ${plan ?? ''}${plan ? ' ' : ''}grant to revoke (PayPal subscriptions are cancelled by their buyer or at PayPal).`
          : `Revoked ${removed} grant${removed === 1 ? '' : 's'} of ${account.email ?? account.id}.`,
      );
      return 0;
    }
    case 'list': {
      if (positional.length > 1 || until !== null) throw new UsageError(USAGE);
      const only = positional[0] ? (await findAccount(db, positional[0])).id : undefined;
      const rows = (await grants.listAll()).filter((row) => !only || row.workspaceId === only);
      if (rows.length === 0) {
        print('No plans granted or bought.');
        return 0;
      }
      print(['account', 'plan', 'provider', 'status', 'until', 'counts'].join('\t'));
      for (const row of rows) {
        print(
          [
            row.workspaceId,
            row.plan,
            row.provider,
            row.status,
            row.endsAt ?? row.currentPeriodEnd ?? '-',
            row.counts ? 'yes' : 'no',
          ].join('\t'),
        );
      }
      return 0;
    }
    default:
      throw new UsageError(USAGE);
  }
}

/** Waits (a few seconds at most) for Redis, so plans.changed reaches the running servers. */
function ready(redis: Redis): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 3000);
    redis.once('ready', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

async function main(): Promise<number> {
  const config = loadConfig();
  const log = pino({ level: 'warn' });
  const handle = createDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: path.join(config.dataDir, 'rq.sqlite'),
  });
  const redis = config.redisUrl ? createRedisClient(config.redisUrl, log) : null;
  const changes = new ChangeBus({ redis, channel: `${config.redisKeyPrefix}changes`, log });
  if (!redis) {
    // No Redis to tell the running servers: they follow the data folder instead.
    changes.subscribe('plans.changed', (event) => appendLocalChange(config.dataDir, 'plans.changed', event));
  }
  try {
    if (redis) await ready(redis);
    const grants = new OperatorGrants(handle.db, { changes, events: new EventsService(handle.db) });
    return await runPlansCommand(process.argv.slice(2), {
      db: handle.db,
      grants,
      print: (line) => console.log(line),
    });
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  } finally {
    await changes.close();
    // QUIT goes after the plans.changed message, so running servers get it.
    if (redis?.status === 'ready') await redis.quit();
    else redis?.disconnect();
    await handle.destroy();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  process.exitCode = await main();
}
