import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { Role } from '../../plugins/permissions.js';
import { Problem } from '../../shared/problem.js';
import type { Account, AccountsService, FirebaseIdentity, Workspace } from '../accounts/accounts.service.js';
import type { EventsService } from '../events/events.service.js';
import { findMember, findMembershipsOfUser, insertMember } from './workspaces.repository.js';

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
}

/**
 * Workspaces and who is in them. A workspace is an account row (see the accounts module);
 * membership, roles and invitations live here.
 */
export class WorkspacesService {
  private readonly erasers = new Map<string, WorkspaceEraser>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: WorkspacesServiceOptions,
  ) {}

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
    if (!member || !workspace) {
      throw new Problem('not_found', `You are not a member of a workspace ${workspaceId} (RQ-Workspace).`);
    }
    return { user, workspace, role: member.role };
  }

  /** A team workspace, owned by the user who makes it. */
  async create(owner: { uid: string }, name: string): Promise<MemberWorkspace> {
    return this.db.transaction().execute(async (trx) => {
      const workspace = await this.options.accounts.createTeamWorkspace(name, trx);
      await insertMember(trx, {
        workspace_id: workspace.id,
        uid: owner.uid,
        role: 'owner',
        joined_at: Date.now(),
      });
      return { ...workspace, role: 'owner' as const };
    });
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

  /** Runs every module's eraser for the workspace; the workspace's own rows go last. */
  protected async eraseModulesData(workspaceId: string): Promise<void> {
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
