import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionRows, ROLES_DOC_FILE, rolesDocOf } from '../../../scripts/lib/roles-doc.mjs';
import { buildTestApp, type TestApp } from '../helpers/app.js';

const root = path.resolve(import.meta.dirname, '../../..');

describe('the docs page "Who may do what"', () => {
  let t: TestApp;
  let document: { paths: Record<string, unknown> };
  beforeAll(async () => {
    t = await buildTestApp({ name: 'sqlite' });
    document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
  });
  afterAll(() => t.close());

  it('lists each operation with its permission, weakest role and key scope', () => {
    const page = rolesDocOf(document);
    expect(page).toContain('| `DELETE /api/v1/qrcodes/{id}` |');
    expect(page).toMatch(
      /\| `DELETE \/api\/v1\/qrcodes\/\{id\}` \| .* \| `canDeleteCode` \| editor \| `qrcodes:write` \|/,
    );
    expect(page).toMatch(
      /\| `POST \/api\/v1\/api-keys` \| .* \| `canCreateApiKey` \| admin \| signed in only \|/,
    );
    expect(permissionRows(document).length).toBeGreaterThan(40);
  });

  it.each([ROLES_DOC_FILE, ROLES_DOC_FILE.replace('web/docs/', 'web/versioned_docs/version-v1/')])(
    'is generated from the API as it is (%s; `npm run docs:roles`)',
    async (file) => {
      const committed = await readFile(path.join(root, file), 'utf8').catch(() => '');
      const fresh = rolesDocOf(document) === committed;
      expect(fresh, `${file} is stale: run \`npm run docs:roles\` and commit it`).toBe(true);
    },
  );
});
