import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { toIso } from '../../shared/clock.js';
import { newId } from '../../shared/ids.js';
import { type PageQuery, readPage } from '../../shared/pagination.js';
import { notFound, Problem, validationFailed } from '../../shared/problem.js';
import { type ChangeContext, changeEvent, type EventsService } from '../events/events.service.js';
import {
  deleteWorkspaceApiKeys,
  findApiKeyByHash,
  findLiveApiKey,
  insertApiKey,
  listApiKeys,
  revokeApiKey,
  touchApiKey,
} from './apikeys.repository.js';
import { isScope, type Scope } from './apikeys.scopes.js';
import type { ApiKeyRow } from './apikeys.table.js';

export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  scopes: Scope[];
  createdAt: string;
  lastUsedAt: string | null;
  expiresAt: string | null;
}

export interface NewApiKeyInput {
  name: string;
  scopes: Scope[];
  expiresAt?: string | null | undefined;
}

/** A key that checked out: whose it is and what it may do. */
export interface VerifiedApiKey {
  keyId: string;
  workspaceId: string;
  scopes: Scope[];
}

export const KEY_PREFIX = 'rq_';
/** 32 random bytes (256 bits) in base64url: 43 characters after the prefix. */
const KEY_PATTERN = /^rq_[A-Za-z0-9_-]{43}$/;
const VISIBLE_CHARACTERS = KEY_PREFIX.length + 4;
const LAST_USED_EVERY_MS = 60_000;

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

export function looksLikeApiKey(value: string): boolean {
  return value.startsWith(KEY_PREFIX);
}

function toApiKey(row: ApiKeyRow): ApiKey {
  const scopes = (JSON.parse(row.scopes_json) as string[]).filter(isScope);
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes,
    createdAt: toIso(row.created_at) ?? '',
    lastUsedAt: toIso(row.last_used_at),
    expiresAt: toIso(row.expires_at),
  };
}

export class ApiKeysService {
  constructor(
    private readonly db: Kysely<Database>,
    /** The audit log: keys created and revoked, never the key or its hash. */
    private readonly events: EventsService,
    private readonly now: () => number = () => Date.now(),
  ) {}

  async create(access: ChangeContext, input: NewApiKeyInput): Promise<ApiKey & { key: string }> {
    const workspaceId = access.workspaceId;
    const now = this.now();
    let expiresAt: number | null = null;
    if (input.expiresAt) {
      expiresAt = Date.parse(input.expiresAt);
      if (Number.isNaN(expiresAt) || expiresAt <= now) {
        throw validationFailed([{ path: '/body/expiresAt', message: 'must be a time in the future' }]);
      }
    }
    const key = `${KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
    const row: ApiKeyRow = {
      id: newId('key', now),
      account_id: workspaceId,
      name: input.name,
      prefix: key.slice(0, VISIBLE_CHARACTERS),
      key_hash: hashApiKey(key),
      scopes_json: JSON.stringify([...new Set(input.scopes)]),
      created_at: now,
      last_used_at: null,
      expires_at: expiresAt,
      revoked_at: null,
    };
    await this.events.inTransaction(async (trx) => {
      await insertApiKey(trx, row);
      return { result: undefined, events: [keyEvent('api_key.created', access, row)] };
    });
    return { ...toApiKey(row), key };
  }

  async list(workspaceId: string, query: PageQuery): Promise<{ data: ApiKey[]; nextCursor: string | null }> {
    // An empty `?cursor=` has always meant the first page here.
    const page = await readPage({ ...query, cursor: query.cursor || undefined }, 'key', (window) =>
      listApiKeys(this.db, workspaceId, window),
    );
    return { data: page.rows.map(toApiKey), nextCursor: page.nextCursor };
  }

  async get(workspaceId: string, id: string): Promise<ApiKey> {
    const row = await findLiveApiKey(this.db, workspaceId, id);
    if (!row) throw notFound('API key');
    return toApiKey(row);
  }

  async revoke(access: ChangeContext, id: string): Promise<void> {
    const row = await findLiveApiKey(this.db, access.workspaceId, id);
    if (!row) throw notFound('API key');
    await this.events.inTransaction(async (trx) => {
      if (!(await revokeApiKey(trx, access.workspaceId, id, this.now()))) throw notFound('API key');
      return { result: undefined, events: [keyEvent('api_key.revoked', access, row)] };
    });
  }

  /** Deletes every key of a deleted workspace: from then on they are refused (unknown key). */
  async erase(workspaceId: string): Promise<void> {
    await deleteWorkspaceApiKeys(this.db, workspaceId);
  }

  /** Finds a key by its hash; unknown, malformed, revoked and expired keys are 401. */
  async verify(key: string): Promise<VerifiedApiKey> {
    if (!KEY_PATTERN.test(key)) throw unauthorized('That is not an RQ Codes API key.');
    const row = await findApiKeyByHash(this.db, hashApiKey(key));
    if (!row) throw unauthorized('Unknown API key.');
    const now = this.now();
    if (row.revoked_at !== null) throw unauthorized('This API key was revoked.');
    if (row.expires_at !== null && row.expires_at <= now) {
      throw unauthorized(`This API key expired at ${toIso(row.expires_at)}.`);
    }
    if (row.last_used_at === null || row.last_used_at <= now - LAST_USED_EVERY_MS) {
      await touchApiKey(this.db, row.id, now, LAST_USED_EVERY_MS);
    }
    return { keyId: row.id, workspaceId: row.account_id, scopes: toApiKey(row).scopes };
  }
}

/** A key's event shows the key as the API lists it: its prefix, never the key or its hash. */
function keyEvent(type: string, access: ChangeContext, row: ApiKeyRow) {
  return changeEvent(type, access, { type: 'api_key', id: row.id }, { object: { ...toApiKey(row) } });
}

function unauthorized(detail: string): Problem {
  return new Problem('unauthorized', detail, {
    headers: { 'www-authenticate': 'Bearer error="invalid_token"' },
  });
}
