import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../src/db/backup/sqlite-backup.js';
import { describeMigration } from '../../src/db/migrate.js';
import { migrations } from '../../src/db/migrations/index.js';
import { SIDE_FILES } from '../../src/db/sqlite-file.js';
import { codeBlocks } from '../api/docs-runner.js';

const root = path.resolve(import.meta.dirname, '../../..');
const page = (name: string) => fs.readFileSync(path.join(root, 'web/docs/self-hosting', name), 'utf8');

/** The self-hosting pages show what the code does: the files, the lines the start prints, the units. */
describe('the self-hosting docs', () => {
  it('replicate with Litestream exactly the database files a backup takes, and restore each', () => {
    const backup = page('backup.md');
    const config = codeBlocks(backup).find((block) => block.lang === 'yaml')?.code ?? '';
    const files = [DATABASE_FILE, ...SIDE_FILES.map((side) => path.basename(side.fileOf(DATABASE_FILE)))];
    const replicated = [...config.matchAll(/- path: \/var\/lib\/rq-codes\/(\S+)/g)].map((match) => match[1]);
    expect(replicated).toEqual(files);
    for (const file of files)
      expect(backup).toContain(`-o /var/lib/rq-codes/${file} /var/lib/rq-codes/${file}`);
  });

  it('show the lines a start prints for the migration they take as their example', () => {
    const example = '2026_11_30_0100_request_ids';
    expect(example in migrations).toBe(true);
    expect(page('upgrades.md')).toContain(`migration ${describeMigration(example)}`);
  });

  it('list every unit of deploy/systemd', () => {
    const units = fs.readdirSync(path.join(root, 'deploy/systemd'));
    const debian = page('debian.md');
    for (const unit of units)
      expect(debian).toContain(unit.replace(/\.timer$/, '').replace(/\.service$/, ''));
  });
});
