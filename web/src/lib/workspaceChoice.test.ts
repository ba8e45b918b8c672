import { describe, expect, it } from 'vitest';
import {
  chooseWorkspace,
  resolvedWorkspace,
  settleWorkspace,
  unsettleWorkspace,
  type Workspace,
  workspaceForRequest,
} from './workspaceChoice';

const personal: Workspace = {
  id: 'acct_me',
  name: 'Me',
  personal: true,
  role: 'owner',
  createdAt: '2026-11-01T00:00:00Z',
};
const team: Workspace = {
  id: 'acct_team',
  name: 'Acme',
  personal: false,
  role: 'editor',
  createdAt: '2026-11-02T00:00:00Z',
};

describe('chooseWorkspace', () => {
  it('keeps the stored workspace while the user is in it', () => {
    expect(chooseWorkspace([personal, team], 'acct_team')).toBe(team);
  });

  it('falls back to the personal workspace when the stored one is gone (left, deleted) or none is stored', () => {
    expect(chooseWorkspace([team, personal], 'acct_deleted')).toBe(personal);
    expect(chooseWorkspace([team, personal], null)).toBe(personal);
    expect(chooseWorkspace([], 'acct_team')).toBeUndefined();
  });
});

describe('workspaceForRequest', () => {
  it('holds requests until the workspace is settled, then sends it', async () => {
    unsettleWorkspace();
    let sent: string | null | undefined;
    const request = workspaceForRequest().then((id) => {
      sent = id;
    });
    await Promise.resolve();
    expect(sent).toBeUndefined();
    settleWorkspace('acct_team');
    await request;
    expect(sent).toBe('acct_team');
    expect(resolvedWorkspace()).toBe('acct_team');
    expect(await workspaceForRequest()).toBe('acct_team');
  });
});
