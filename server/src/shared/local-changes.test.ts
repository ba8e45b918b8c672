import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { ChangeBus } from './change-bus.js';
import { appendLocalChange, followLocalChanges } from './local-changes.js';

const log = pino({ level: 'silent' });

describe('changes a command line tool leaves in the data folder', () => {
  it('reach the server that follows the folder, in order, whatever else is written beside them', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rq-local-changes-'));
    const bus = new ChangeBus({ channel: 'test', log });
    // What `npm run plans` writes: a grant or a revocation.
    const seen: string[] = [];
    let bothSeen = () => {};
    const both = new Promise<void>((resolve) => (bothSeen = resolve));
    bus.subscribe('plans.changed', ({ accountId: workspaceId }) => {
      seen.push(workspaceId);
      if (seen.length === 2) bothSeen();
    });
    const stop = followLocalChanges(dataDir, bus, log);
    try {
      // The database's files live beside them and are written all the time.
      const wal = path.join(dataDir, 'rq.sqlite-wal');
      for (let i = 0; i < 50; i++) fs.appendFileSync(wal, Buffer.alloc(4096));
      appendLocalChange(dataDir, 'plans.changed', { accountId: 'acct_1' });
      appendLocalChange(dataDir, 'plans.changed', { accountId: 'acct_2' });
      // The second change's event is the signal (the test's timeout is the deadline).
      await both;
      expect(seen).toEqual(['acct_1', 'acct_2']);
    } finally {
      stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
