// The docs page "Who may do what" (web/docs/api/roles.md), generated from the `x-rq-permission` of
// each operation in the server's OpenAPI document. Shared by `npm run docs:roles`
// (scripts/docs-roles.mjs) and the server test that fails when the committed page is stale
// (server/test/api/roles-docs.test.ts).

export const ROLES_DOC_FILE = 'web/docs/api/roles.md';

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

const HEADER = `---
title: Who may do what
description: For each API operation, the weakest workspace role that may call it and the scope an API key needs.
---

{/* Generated from the server's OpenAPI document by \`npm run docs:roles\`. Do not edit: change the
permissions in server/src/modules/<module>/<module>.permissions.ts and run the script again. */}

# Who may do what

Everything lives in a workspace, and each member has one role there. Each role may do everything
the roles before it may:

| role     | may                                                                                                        |
| -------- | ---------------------------------------------------------------------------------------------------------- |
| \`viewer\` | read the codes, rules, designs, assets, hostnames, analytics, plans and members                             |
| \`editor\` | also create, change and delete codes, rules, designs and assets                                            |
| \`admin\`  | also manage members (other than the owner), invitations, API keys, hostnames and webhooks; read the audit log |
| \`owner\`  | also billing, transferring and deleting the workspace                                                      |

A viewer reads everything but what admins keep: the audit log (\`GET /events\`), API keys, webhooks and
their deliveries, invitations and the signing secret.

A signed-in request works in your personal workspace unless it sends \`RQ-Workspace: <workspace id>\`;
a workspace you are not in answers \`404\`. An operation your role does not allow answers \`403\`
[\`forbidden\`](./errors.md#forbidden), and the problem's \`role\` names the weakest role that may.

An API key belongs to one workspace and ignores \`RQ-Workspace\`. Roles are for people: a key may do
what its scopes allow (a missing one is \`403\` [\`insufficient_scope\`](./errors.md#insufficient-scope)),
and operations marked *signed in only* take no key at all.

Every operation of the API that needs sign-in is listed here; the others (health, public settings,
plans, rendering, signed image links, redirects) are open to anyone.

`;

/** `x-rq-permission` of each operation, in the document's order, as table rows. */
export function permissionRows(document) {
  const rows = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const permission = item[method]?.['x-rq-permission'];
      if (!permission) continue;
      rows.push({ method: method.toUpperCase(), path, summary: item[method].summary ?? '', ...permission });
    }
  }
  return rows;
}

function keyColumn(permission) {
  if (permission.session) return 'signed in only';
  return permission.scope ? `\`${permission.scope}\`` : 'any key';
}

/** A table cell's text, with what would break the table or MDX escaped. */
const cell = (text) =>
  text.replaceAll('|', '\\|').replaceAll('{', '\\{').replaceAll('}', '\\}').replaceAll('<', '&lt;');

/** The Markdown of the page for an OpenAPI document. */
export function rolesDocOf(document) {
  const lines = [
    '| operation | what it does | permission | weakest role | API key |',
    '| --- | --- | --- | --- | --- |',
  ];
  for (const row of permissionRows(document)) {
    lines.push(
      `| \`${row.method} ${row.path}\` | ${cell(row.summary)} | \`${row.name}\` | ${row.role} | ${keyColumn(row)} |`,
    );
  }
  return `${HEADER}${lines.join('\n')}\n`;
}
