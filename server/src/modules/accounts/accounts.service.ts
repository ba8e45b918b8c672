import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { WorkspaceAccess } from '../../plugins/auth.js';
import { type Clock, HOUR_MS, systemClock, toIso } from '../../shared/clock.js';
import { newId } from '../../shared/ids.js';
import { Problem } from '../../shared/problem.js';
import { EventsService } from '../events/events.service.js';
import {
  deleteTeamAccount,
  findAccountByFirebaseUid,
  findAccountById,
  findAccountByMarketplaceUser,
  findAccountsByFirebaseUids,
  insertAccount,
  setSigningSecretIfAbsent,
  updateAccount,
} from './accounts.repository.js';
import type { AccountRow } from './accounts.table.js';

export interface Account {
  id: string;
  uid: string | null;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  createdAt: string;
}

/** An account seen as a workspace: what owns codes, keys, hostnames, plans and analytics. */
export interface Workspace {
  id: string;
  name: string;
  /** The user's own workspace, made at first sign-in (every account made before workspaces). */
  personal: boolean;
  createdAt: string;
}

/** What other members see of a user: the profile of their personal account. */
export interface Profile {
  uid: string;
  email: string | null;
  displayName: string | null;
}

export interface FirebaseIdentity {
  uid: string;
  email?: string | null | undefined;
  displayName?: string | null | undefined;
  photoURL?: string | null | undefined;
}

/** The signing secret as `GET /me/signing-secret` shows it: enough to recognise, not to use. */
export interface MaskedSigningSecret {
  secret: string;
  createdAt: string;
}

const SIGNING_SECRET_PREFIX = 'rqsig_';
/** How long the secret a rotation replaced still signs beside the new one. */
export const SIGNING_SECRET_OVERLAP_MS = 24 * HOUR_MS;

export function toAccount(row: AccountRow): Account {
  return {
    id: row.id,
    uid: row.firebase_uid,
    email: row.email,
    displayName: row.display_name,
    photoURL: row.photo_url,
    createdAt: toIso(row.created_at) ?? '',
  };
}

export function toWorkspace(row: AccountRow): Workspace {
  return {
    id: row.id,
    name: row.name ?? row.display_name ?? row.email ?? 'Personal',
    personal: row.personal === 1,
    createdAt: toIso(row.created_at) ?? '',
  };
}

export function maskSecret(secret: string): string {
  return `${SIGNING_SECRET_PREFIX}${'•'.repeat(8)}${secret.slice(-4)}`;
}

export class AccountsService {
  constructor(
    private readonly db: Kysely<Database>,
    /** The audit log (the signing secret's rotations, never its value). */
    private readonly events: EventsService = new EventsService(db),
    /** Decides when a replaced secret stops signing; tests move it a day on. */
    private readonly clock: Clock = systemClock,
  ) {}

  async getById(id: string): Promise<Account | undefined> {
    const row = await findAccountById(this.db, id);
    return row && toAccount(row);
  }

  async getWorkspace(id: string): Promise<Workspace | undefined> {
    const row = await findAccountById(this.db, id);
    return row && toWorkspace(row);
  }

  /** The profiles of users by Firebase uid (members of a workspace); unknown uids are left out. */
  async getProfilesByUids(uids: readonly string[]): Promise<Map<string, Profile>> {
    const rows = await findAccountsByFirebaseUids(this.db, uids);
    return new Map(
      rows.flatMap((row) =>
        row.firebase_uid === null
          ? []
          : [[row.firebase_uid, { uid: row.firebase_uid, email: row.email, displayName: row.display_name }]],
      ),
    );
  }

  /** The personal workspace of a Firebase user, if they have signed in. */
  async getPersonalWorkspaceOf(uid: string): Promise<Workspace | undefined> {
    const row = await findAccountByFirebaseUid(this.db, uid);
    return row && toWorkspace(row);
  }

  /** Renames a workspace; `db` may be a transaction. */
  async renameWorkspace(id: string, name: string, db: Kysely<Database> = this.db): Promise<void> {
    await updateAccount(db, id, { name, updated_at: Date.now() });
  }

  /** Deletes a team workspace's account row (its data is erased first); `db` may be a transaction. */
  async deleteTeamWorkspace(id: string, db: Kysely<Database> = this.db): Promise<void> {
    await deleteTeamAccount(db, id);
  }

  /** A new team workspace (an account row without a Firebase user); `db` may be a transaction. */
  async createTeamWorkspace(name: string, db: Kysely<Database> = this.db): Promise<Workspace> {
    const now = Date.now();
    const id = newId('acct', now);
    await insertAccount(db, {
      id,
      firebase_uid: null,
      email: null,
      display_name: null,
      photo_url: null,
      name,
      personal: 0,
      created_at: now,
      updated_at: now,
    });
    return { id, name, personal: false, createdAt: toIso(now) ?? '' };
  }

  /** The account of a Firebase user, created on first sign-in (with the profile the token carries). */
  async ensureForFirebase(identity: FirebaseIdentity): Promise<Account> {
    const existing = await findAccountByFirebaseUid(this.db, identity.uid);
    if (existing) return toAccount(existing);
    const now = Date.now();
    await insertAccount(this.db, {
      id: newId('acct', now),
      firebase_uid: identity.uid,
      email: identity.email ?? null,
      display_name: identity.displayName ?? null,
      photo_url: identity.photoURL ?? null,
      name: identity.displayName ?? identity.email ?? 'Personal',
      created_at: now,
      updated_at: now,
    });
    const created = await findAccountByFirebaseUid(this.db, identity.uid);
    if (!created) throw new Error(`account for ${identity.uid} vanished after insert`);
    return toAccount(created);
  }

  /** The account of an API-marketplace user (X-RapidAPI-User), created on first request. */
  async ensureForMarketplace(user: string): Promise<Account> {
    const existing = await findAccountByMarketplaceUser(this.db, user);
    if (existing) return toAccount(existing);
    const now = Date.now();
    await insertAccount(this.db, {
      id: newId('acct', now),
      firebase_uid: null,
      marketplace_user: user,
      email: null,
      display_name: user,
      photo_url: null,
      name: user,
      created_at: now,
      updated_at: now,
    });
    const created = await findAccountByMarketplaceUser(this.db, user);
    if (!created) throw new Error(`account for marketplace user ${user} vanished after insert`);
    return toAccount(created);
  }

  /**
   * The account's secret in clear, for signing exec calls and webhooks (HMAC); made on first use.
   * Throws not_found for an unknown account.
   */
  async getSigningSecret(workspaceId: string): Promise<string> {
    return (await this.signingSecretRow(workspaceId)).secret;
  }

  /**
   * Every secret that signs now: the current one first, then, for a day after a rotation, the one it
   * replaced, so receivers still verifying with the old secret keep working while they switch.
   */
  async getSigningSecrets(workspaceId: string): Promise<string[]> {
    const { secret, previous, previousUntil } = await this.signingSecretRow(workspaceId);
    return previous !== null && previousUntil !== null && previousUntil > this.clock.now()
      ? [secret, previous]
      : [secret];
  }

  async getMaskedSigningSecret(workspaceId: string): Promise<MaskedSigningSecret> {
    const { secret, createdAt } = await this.signingSecretRow(workspaceId);
    return { secret: maskSecret(secret), createdAt };
  }

  /**
   * Replaces the secret; the answer is the only time the new one is shown. The replaced one signs
   * beside it for SIGNING_SECRET_OVERLAP_MS (a second rotation within that day drops the oldest).
   */
  async rotateSigningSecret(access: WorkspaceAccess): Promise<{ secret: string; createdAt: string }> {
    const workspaceId = access.workspaceId;
    const now = this.clock.now();
    const replaced = (await this.signingSecretRow(workspaceId)).secret;
    const secret = newSigningSecret();
    await this.events.inTransaction(async (trx) => {
      await updateAccount(trx, workspaceId, {
        signing_secret: secret,
        signing_secret_created_at: now,
        signing_secret_previous: replaced,
        signing_secret_previous_until: now + SIGNING_SECRET_OVERLAP_MS,
        updated_at: now,
      });
      const event = {
        type: 'signing_secret.rotated',
        workspaceId: workspaceId,
        actor: access.actor,
        requestId: access.requestId,
        resource: { type: 'signing_secret', id: workspaceId },
        data: { createdAt: toIso(now) },
      };
      return { result: undefined, events: [event] };
    });
    return { secret, createdAt: toIso(now) ?? '' };
  }

  private async signingSecretRow(workspaceId: string): Promise<SigningSecretRow> {
    let row = await findAccountById(this.db, workspaceId);
    if (!row) throw new Problem('not_found', 'No such account.');
    if (row.signing_secret === null) {
      await setSigningSecretIfAbsent(this.db, workspaceId, newSigningSecret(), Date.now());
      row = await findAccountById(this.db, workspaceId);
    }
    if (!row?.signing_secret) throw new Error(`signing secret of ${workspaceId} vanished after insert`);
    return {
      secret: row.signing_secret,
      createdAt: toIso(row.signing_secret_created_at) ?? '',
      previous: row.signing_secret_previous,
      previousUntil:
        row.signing_secret_previous_until === null ? null : Number(row.signing_secret_previous_until),
    };
  }
}

interface SigningSecretRow {
  secret: string;
  createdAt: string;
  previous: string | null;
  /** Epoch milliseconds. */
  previousUntil: number | null;
}

function newSigningSecret(): string {
  return `${SIGNING_SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;
}
