import { describe, expect, it } from 'vitest';
import { atLeast, can, memberActions, refusal } from './access';

describe('roles', () => {
  it('orders viewer < editor < admin < owner', () => {
    expect(atLeast('owner', 'viewer')).toBe(true);
    expect(atLeast('admin', 'editor')).toBe(true);
    expect(atLeast('editor', 'admin')).toBe(false);
    expect(atLeast('viewer', 'editor')).toBe(false);
  });

  it('lets editors change codes and rules but not hostnames, keys or members', () => {
    expect(can('editor', 'createCodes')).toBe(true);
    expect(can('editor', 'editRules')).toBe(true);
    expect(can('editor', 'manageHostnames')).toBe(false);
    expect(can('editor', 'manageApiKeys')).toBe(false);
    expect(can('editor', 'manageWebhooks')).toBe(false);
    expect(can('admin', 'manageWebhooks')).toBe(true);
    expect(can('editor', 'manageMembers')).toBe(false);
    expect(can('admin', 'manageMembers')).toBe(true);
    expect(can('admin', 'deleteWorkspace')).toBe(false);
    expect(can('owner', 'deleteWorkspace')).toBe(true);
  });

  it('says why a viewer cannot create codes and whom to ask', () => {
    expect(refusal('viewer', 'createCodes')).toBe(
      "Viewers can't create codes; ask an admin for the editor role.",
    );
    expect(refusal('editor', 'createCodes')).toBeNull();
    expect(refusal('editor', 'manageHostnames')).toBe(
      "Editors can't add or change hostnames; ask the owner for the admin role.",
    );
    expect(refusal('admin', 'deleteWorkspace')).toBe("Only the workspace's owner can delete the workspace.");
  });
});

describe('memberActions', () => {
  it('lets a member leave but not the owner, who transfers first', () => {
    expect(memberActions('u1', 'viewer', { uid: 'u1', role: 'viewer' })).toEqual({
      leave: true,
      changeRole: false,
      remove: false,
      transferTo: false,
    });
    expect(memberActions('u1', 'owner', { uid: 'u1', role: 'owner' }).leave).toBe(false);
  });

  it('lets admins manage others except the owner', () => {
    expect(memberActions('u1', 'admin', { uid: 'u2', role: 'editor' })).toMatchObject({
      changeRole: true,
      remove: true,
      transferTo: false,
    });
    expect(memberActions('u1', 'admin', { uid: 'u2', role: 'owner' })).toMatchObject({
      changeRole: false,
      remove: false,
    });
    expect(memberActions('u1', 'editor', { uid: 'u2', role: 'viewer' }).remove).toBe(false);
    expect(memberActions('u1', 'owner', { uid: 'u2', role: 'admin' }).transferTo).toBe(true);
  });
});
