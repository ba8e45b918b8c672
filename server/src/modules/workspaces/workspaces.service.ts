import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { checkPermission, type Principal, type WorkspaceAccess } from '../../plugins/auth.js';
import type { Role } from '../../plugins/permissions.js';
import { type Clock, systemClock, toIso } from '../../shared/clock.js';
import { notFound, Problem } from '../../shared/problem.js';
import type { Account, AccountsService, FirebaseIdentity, Workspace } from '../accounts/accounts.service.js';
import { type Actor, type ChangeEvent, changeEvent, type EventsService } from '../events/events.service.js';
import { canManageMembers } from './workspaces.permissions.js';
import {
  deleteMember,
  deleteWorkspaceRows,
  findMember,
  findMembers,
  findMembershipsOfUser,
  findOwner,
  insertMember,
  updateMemberRole,
} from './workspaces.repository.js';

/** A member as `GET /workspaces/{id}/members` shows them. */
export interface Member {
  uid: string;
  email: string | null;
  displayName: string | null;
  role: Role;
  joinedAt: string;
}

/** A workspace as one of its members sees it. */
export interface MemberWorkspace extends Workspace {
  role: Role;
}

/** A signed-in user, the workspace their request works in, and their role there. */
export interface UserInWorkspace {
  user: Account;
  workspace: Workspace;
  role: Role;
}

/**
 * Deletes everything one module keeps for a workspace. Each module that owns workspace data
 * registers one (`app.workspaces.onErase(...)` in its module plugin); deleting a workspace runs
 * them all, and a module's eraser also makes sure nothing it serves or caches outlives the data
 * (codes stop redirecting at once).
 */
export type WorkspaceEraser = (workspaceId: string) => Promise<void>;

export interface WorkspacesServiceOptions {
  accounts: AccountsService;
  events: EventsService;
  clock?: Clock;
}

/**
 * Workspaces and who is in them. A workspace is an account row (see the accounts module);
 * membership, roles and invitations live here.
 */
export class WorkspacesService {
  private readonly erasers = new Map<string, WorkspaceEraser>();
  readonly clock: Clock;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: WorkspacesServiceOptions,
  ) {
    this.clock = options.clock ?? systemClock;
  }

  /**
   * The user behind a Firebase ID token and the workspace the request works in: `requested`
   * (the RQ-Workspace header) when they are a member of it, otherwise their personal workspace.
   * A workspace they are not in is a 404, as for any other object not theirs.
   */
  async enter(identity: FirebaseIdentity, requested: string | undefined): Promise<UserInWorkspace> {
    const user = await this.options.accounts.ensureForFirebase(identity);
    const workspaceId = requested ?? user.id;
    if (workspaceId === user.id) {
      // The personal workspace's owner is its user; the row is made here for accounts made
      // before an owner row could be written with them.
      await insertMember(this.db, {
        workspace_id: user.id,
        uid: identity.uid,
        role: 'owner',
        joined_at: Date.now(),
      });
    }
    const member = await findMember(this.db, workspaceId, identity.uid);
    const workspace = member && (await this.options.accounts.getWorkspace(workspaceId));
    // Its own code (still a 404, whether or not the workspace exists): the site tells a user
    // removed from the workspace they work in by it, not by the detail's words.
    if (!member || !workspace) {
      throw new Problem('not_a_member', `You are not a member of a workspace ${workspaceId}.`);
    }
    return { user, workspace, role: member.role };
  }

  /** A team workspace, owned by the user who makes it (in the request `requestId`, when by the API). */
  async create(
    owner: { uid: string; actor?: Actor; requestId?: string | null },
    name: string,
  ): Promise<MemberWorkspace> {
    const actor = owner.actor ?? { type: 'user' as const, id: owner.uid, email: null };
    return this.options.events.inTransaction(async (trx) => {
      const workspace = await this.options.accounts.createTeamWorkspace(name, trx);
      await insertMember(trx, {
        workspace_id: workspace.id,
        uid: owner.uid,
        role: 'owner',
        joined_at: this.clock.now(),
      });
      const result = { ...workspace, role: 'owner' as const };
      return {
        result,
        events: [
          {
            type: 'workspace.created',
            workspaceId: workspace.id,
            actor,
            requestId: owner.requestId ?? null,
            resource: { type: 'workspace', id: workspace.id },
            data: { object: { id: workspace.id, name, personal: false, createdAt: workspace.createdAt } },
          },
        ],
      };
    });
  }

  /** The workspace as the caller sees it (behind the path's membership check). */
  async get(access: WorkspaceAccess): Promise<MemberWorkspace> {
    return { ...(await this.workspaceOf(access.workspaceId)), role: access.role };
  }

  async rename(access: WorkspaceAccess, patch: { name?: string }): Promise<MemberWorkspace> {
    const before = await this.workspaceOf(access.workspaceId);
    const name = patch.name?.trim();
    if (name === undefined || name === before.name) return { ...before, role: access.role };
    await this.options.events.inTransaction(async (trx) => {
      await this.options.accounts.renameWorkspace(access.workspaceId, name, trx);
      return {
        result: undefined,
        events: [
          changeEvent(
            'workspace.updated',
            access,
            { type: 'workspace', id: access.workspaceId },
            { changes: { name: [before.name, name] } },
          ),
        ],
      };
    });
    return { ...before, name, role: access.role };
  }

  /**
   * Deletes a team workspace and everything in it, once the caller typed its exact name. Every
   * module's eraser runs first (its codes stop redirecting at once), then members, invitations
   * and the account row go. The workspace's own log is erased with it, so `workspace.deleted` is
   * recorded in the deleting user's personal workspace, which outlives it.
   */
  async delete(access: WorkspaceAccess, confirm: string | undefined): Promise<void> {
    const workspace = await this.workspaceOf(access.workspaceId);
    if (workspace.personal) {
      throw new Problem(
        'personal_workspace',
        'A personal workspace cannot be deleted: it is your own account. Delete team workspaces only.',
      );
    }
    if (confirm !== workspace.name) {
      throw new Problem(
        'confirmation_required',
        `Type the workspace's exact name to delete it: send { "confirm": "${workspace.name}" }. Deleting erases its codes (they stop redirecting at once), rules, designs, assets, hostnames, API keys, analytics and members.`,
        { errors: [{ path: '/confirm', message: `must be the workspace's name, "${workspace.name}"` }] },
      );
    }
    await this.eraseData(workspace.id);
    const personal = await this.options.accounts.getPersonalWorkspaceOf(access.actor.id);
    await this.options.events.inTransaction(async (trx) => {
      await deleteWorkspaceRows(trx, workspace.id);
      await this.options.accounts.deleteTeamWorkspace(workspace.id, trx);
      return {
        result: undefined,
        events: personal
          ? [
              {
                type: 'workspace.deleted',
                workspaceId: personal.id,
                actor: access.actor,
                requestId: access.requestId,
                resource: { type: 'workspace', id: workspace.id },
                data: { object: { id: workspace.id, name: workspace.name, createdAt: workspace.createdAt } },
              },
            ]
          : [],
      };
    });
  }

  /** Members with the profile of their personal account, in the order they joined. */
  async listMembers(workspaceId: string): Promise<Member[]> {
    const rows = await findMembers(this.db, workspaceId);
    const profiles = await this.options.accounts.getProfilesByUids(rows.map((row) => row.uid));
    return rows.map((row) => ({
      uid: row.uid,
      email: profiles.get(row.uid)?.email ?? null,
      displayName: profiles.get(row.uid)?.displayName ?? null,
      role: row.role,
      joinedAt: toIso(row.joined_at) ?? '',
    }));
  }

  /** Changes a member's role. The owner's role changes only by transfer, and nobody becomes owner here. */
  async setRole(access: WorkspaceAccess, uid: string, role: Exclude<Role, 'owner'>): Promise<Member> {
    const member = await this.memberOrNotFound(access.workspaceId, uid);
    if (member.role === 'owner') {
      throw new Problem(
        'owner_must_transfer',
        "The owner's role changes only by transferring the workspace (POST /workspaces/{id}/transfer).",
      );
    }
    if (member.role !== role) {
      await this.options.events.inTransaction(async (trx) => {
        await updateMemberRole(trx, access.workspaceId, uid, role);
        return {
          result: undefined,
          events: [
            this.memberEvent('member.updated', access, uid, { changes: { role: [member.role, role] } }),
          ],
        };
      });
    }
    const updated = (await this.listMembers(access.workspaceId)).find((m) => m.uid === uid);
    if (!updated) throw notFound('member');
    return updated;
  }

  /**
   * Removes a member, or lets a member leave (`uid` is the caller's own). Removing someone else
   * needs admin; the owner can be neither removed nor leave until they transfer the workspace.
   */
  async removeMember(
    access: WorkspaceAccess,
    principal: Principal,
    uid: string,
  ): Promise<'left' | 'removed'> {
    const leaving = uid === access.actor.id;
    if (!leaving) checkPermission(canManageMembers, principal, access.role);
    const member = await this.memberOrNotFound(access.workspaceId, uid);
    if (member.role === 'owner' && (await this.workspaceOf(access.workspaceId)).personal) {
      // A personal workspace is its user's account: it can be neither left nor handed over.
      throw new Problem(
        'personal_workspace',
        leaving
          ? 'This is your personal workspace (your account): you cannot leave it.'
          : 'The owner of a personal workspace is its user and cannot be removed.',
      );
    }
    if (member.role === 'owner') {
      throw new Problem(
        'owner_must_transfer',
        leaving
          ? 'The owner cannot leave: transfer the workspace to another member first (POST /workspaces/{id}/transfer), or delete it.'
          : 'The owner cannot be removed; only they can transfer the workspace to another member.',
      );
    }
    await this.options.events.inTransaction(async (trx) => {
      await deleteMember(trx, access.workspaceId, uid);
      return {
        result: undefined,
        events: [
          this.memberEvent(leaving ? 'member.left' : 'member.removed', access, uid, {
            object: { uid, role: member.role },
          }),
        ],
      };
    });
    return leaving ? 'left' : 'removed';
  }

  /** Makes another member the owner; the old owner becomes an admin. Personal workspaces stay their user's. */
  async transfer(access: WorkspaceAccess, uid: string): Promise<Member[]> {
    const workspace = await this.workspaceOf(access.workspaceId);
    if (workspace.personal) {
      throw new Problem(
        'personal_workspace',
        "A personal workspace cannot be transferred: it is its user's own account. Create a team workspace to hand over.",
      );
    }
    const member = await this.memberOrNotFound(access.workspaceId, uid);
    if (member.role === 'owner') {
      throw new Problem('conflict', 'That member already owns this workspace.');
    }
    const owner = await findOwner(this.db, access.workspaceId);
    await this.options.events.inTransaction(async (trx) => {
      if (owner) await updateMemberRole(trx, access.workspaceId, owner.uid, 'admin');
      await updateMemberRole(trx, access.workspaceId, uid, 'owner');
      return {
        result: undefined,
        events: [
          changeEvent(
            'workspace.transferred',
            access,
            { type: 'workspace', id: access.workspaceId },
            { changes: { owner: [owner?.uid ?? null, uid] } },
          ),
        ],
      };
    });
    return this.listMembers(access.workspaceId);
  }

  private memberEvent(type: string, access: WorkspaceAccess, uid: string, data: ChangeEvent['data']) {
    return changeEvent(type, access, { type: 'member', id: uid }, data);
  }

  private async memberOrNotFound(workspaceId: string, uid: string) {
    const member = await findMember(this.db, workspaceId, uid);
    if (!member) throw new Problem('not_found', 'No member with that uid in this workspace.');
    return member;
  }

  private async workspaceOf(workspaceId: string): Promise<Workspace> {
    const workspace = await this.options.accounts.getWorkspace(workspaceId);
    if (!workspace) throw notFound('workspace');
    return workspace;
  }

  /** Makes `uid` a member with `role` (an accepted invitation); `db` may be a transaction. */
  async addMember(
    workspaceId: string,
    uid: string,
    role: Role,
    db: Kysely<Database> = this.db,
  ): Promise<void> {
    await insertMember(db, { workspace_id: workspaceId, uid, role, joined_at: Date.now() });
  }

  /** Registers what `module` must delete when a workspace is deleted. */
  onErase(module: string, eraser: WorkspaceEraser): void {
    if (this.erasers.has(module)) throw new Error(`${module} already erases workspaces`);
    this.erasers.set(module, eraser);
  }

  /** Runs every module's eraser for the workspace: what deleting it does before its own rows go. */
  async eraseData(workspaceId: string): Promise<void> {
    for (const eraser of this.erasers.values()) await eraser(workspaceId);
  }

  /** Every workspace the user is in, with their role, personal first. */
  async listForUser(uid: string): Promise<MemberWorkspace[]> {
    const memberships = await findMembershipsOfUser(this.db, uid);
    const workspaces = await Promise.all(
      memberships.map(async (m) => {
        const workspace = await this.options.accounts.getWorkspace(m.workspace_id);
        return workspace && { ...workspace, role: m.role };
      }),
    );
    return workspaces
      .filter((w): w is MemberWorkspace => w !== undefined)
      .sort((a, b) => Number(b.personal) - Number(a.personal) || a.createdAt.localeCompare(b.createdAt));
  }
}
