import type { Role } from '@site/src/lib/workspace';

/** The roles from weakest to strongest: each may do all that the weaker ones may (API.md). */
export const ROLES: readonly Role[] = ['viewer', 'editor', 'admin', 'owner'];

/** The roles an owner or admin may give a member or an invitation (owner moves by transfer only). */
export const GRANTABLE_ROLES: readonly Role[] = ['viewer', 'editor', 'admin'];

/** What the site offers, with the weakest role the API allows it for and how a refusal reads. */
const ACTIONS = {
  createCodes: { role: 'editor', doing: 'create codes' },
  editCodes: { role: 'editor', doing: 'change codes' },
  editRules: { role: 'editor', doing: 'create or change rules' },
  editDesigns: { role: 'editor', doing: 'save designs' },
  editGs1Items: { role: 'editor', doing: 'register or change GS1 items' },
  manageHostnames: { role: 'admin', doing: 'add or change hostnames' },
  manageApiKeys: { role: 'admin', doing: 'see or create API keys' },
  manageWebhooks: { role: 'admin', doing: 'see or change webhooks' },
  changeConversionSettings: { role: 'admin', doing: 'change the conversion settings' },
  manageMembers: { role: 'admin', doing: 'invite or manage members' },
  viewAuditLog: { role: 'admin', doing: 'read the audit log' },
  renameWorkspace: { role: 'admin', doing: 'rename the workspace' },
  manageBilling: { role: 'owner', doing: 'buy or cancel plans' },
  transferOwnership: { role: 'owner', doing: 'transfer the workspace' },
  deleteWorkspace: { role: 'owner', doing: 'delete the workspace' },
} as const satisfies Record<string, { role: Role; doing: string }>;

export type Action = keyof typeof ACTIONS;

export function rank(role: Role): number {
  return ROLES.indexOf(role);
}

/** Whether `role` is `needed` or stronger. */
export function atLeast(role: Role, needed: Role): boolean {
  return rank(role) >= rank(needed);
}

export function can(role: Role, action: Action): boolean {
  return atLeast(role, ACTIONS[action].role);
}

const PLURAL: Record<Role, string> = {
  viewer: 'Viewers',
  editor: 'Editors',
  admin: 'Admins',
  owner: 'Owners',
};

/** Why `role` may not do what needs `needed`, and whom to ask. */
export function needsRole(role: Role, needed: Role, doing: string): string {
  if (needed === 'owner') return `Only the workspace's owner can ${doing}.`;
  const asker = needed === 'admin' ? 'the owner' : 'an admin';
  return `${PLURAL[role]} can't ${doing}; ask ${asker} for the ${needed} role.`;
}

/** Null when `role` may do `action`; else the sentence shown beside the disabled control. */
export function refusal(role: Role, action: Action): string | null {
  const { role: needed, doing } = ACTIONS[action];
  return atLeast(role, needed) ? null : needsRole(role, needed, doing);
}

export interface MemberLike {
  uid: string;
  role: Role;
}

/**
 * What the signed-in member (`me`, with `myRole`) may do to `member` on the settings page: leave
 * themself (not the owner, who transfers first); owners and admins change and remove others, but
 * nobody but the owner touches the owner, and an admin grants at most admin.
 */
export function memberActions(myUid: string, myRole: Role, member: MemberLike) {
  const self = member.uid === myUid;
  const manages = atLeast(myRole, 'admin') && member.role !== 'owner' && !self;
  return {
    leave: self && member.role !== 'owner',
    changeRole: manages,
    remove: manages,
    transferTo: myRole === 'owner' && !self,
  };
}

export function roleLabel(role: Role): string {
  return role.charAt(0).toUpperCase() + role.slice(1);
}
