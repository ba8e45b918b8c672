#!/usr/bin/env node
// Writes the API types from the server's OpenAPI document: `npm run api:types`, into the client
// package (packages/client), which the site reads them from too; and the client's methods named by
// operation (`rq.qrcodes.create(...)`), one per JSON operation, in packages/client/src/operations.ts.
// With --check it writes nothing and fails when a committed file differs (run by `npm run lint`).
import path from 'node:path';
import { apiTypesOf, GENERATED_TYPE_FILES } from './lib/api-types.mjs';
import { openApiDocument, syncGenerated } from './lib/generated-from-openapi.mjs';

const OPERATIONS_FILE = 'packages/client/src/operations.ts';
const API_PREFIX = '/api/v1/';
const HTTP_METHODS = ['get', 'put', 'post', 'patch', 'delete'];

const root = path.resolve(import.meta.dirname, '..');
const check = process.argv.includes('--check');
const stale = 'the API changed. Run `npm run api:types` and commit the file.';
const document = openApiDocument(root, 'api:types');
const source = await apiTypesOf(document);
for (const file of GENERATED_TYPE_FILES) syncGenerated(root, file, source, { check, stale });
syncGenerated(root, OPERATIONS_FILE, operationsOf(document), { check, stale });

/**
 * The client's methods by resource, named from each operation's path and method the way Stripe's and
 * Dub's SDKs read: a collection answers `list` and `create`, an item `get`, `update`, `delete`, a PUT
 * is `set`, a POST to a path with no GET is an action named by its last segment (`verify`, `bulkUpdate`),
 * nested resources add their noun (`listDeliveries`, `retryDelivery`). Operations that answer no JSON
 * (images, CSV, ZIP, PDF, streams) are left to `image()` and `raw`.
 */
export function operationsOf(doc) {
  const groups = new Map();
  const paths = Object.keys(doc.paths).filter((p) => p.startsWith(API_PREFIX));
  for (const apiPath of paths.sort()) {
    const item = doc.paths[apiPath];
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      if (!operation || !answersJson(operation)) continue;
      const [group, ...rest] = apiPath.slice(API_PREFIX.length).split('/');
      const name = operationName(method, rest, Boolean(item.get), isList(operation));
      const resource = camel(group);
      if (!groups.has(resource)) groups.set(resource, new Map());
      const methods = groups.get(resource);
      const taken = methods.get(name);
      if (taken)
        throw new Error(
          `api:types: ${operation.operationId} and ${taken.operationId} are both ${resource}.${name}`,
        );
      methods.set(name, {
        method,
        path: apiPath,
        operationId: operation.operationId,
        summary: operation.summary,
      });
    }
  }
  const lines = [
    "// Generated from the server's OpenAPI document by `npm run api:types` (scripts/api-types.mjs).",
    '// Do not edit: change the route schemas in server/src and run the script again.',
    '',
    '/** Every JSON operation by resource and method name: its HTTP method, path and operationId. */',
    'export const OPERATIONS = {',
  ];
  for (const resource of [...groups.keys()].sort()) {
    lines.push(`  ${resource}: {`);
    const methods = groups.get(resource);
    for (const name of [...methods.keys()].sort()) {
      const { method, path: p, operationId, summary } = methods.get(name);
      if (summary) lines.push(`    /** ${summary.replace(/\*\//g, '*\\/')} */`);
      lines.push(
        `    ${name}: {`,
        `      method: '${method}',`,
        `      path: '${p}',`,
        `      operationId: '${operationId}',`,
        '    },',
      );
    }
    lines.push('  },');
  }
  lines.push('} as const;', '');
  return lines.join('\n');
}

function operationName(method, rest, pathHasGet, answersList) {
  const endsInParam = rest.length > 0 && isParam(rest.at(-1));
  const nouns = (segments) =>
    segments
      .map((segment, i) =>
        isParam(segment) ? null : isParam(segments[i + 1] ?? '') ? singular(segment) : segment,
      )
      .filter(Boolean)
      .map((segment) => pascal(segment))
      .join('');
  if (method === 'get') return (endsInParam || !answersList ? 'get' : 'list') + nouns(rest);
  if (method === 'patch') return `update${nouns(rest)}`;
  if (method === 'delete') return `delete${nouns(rest)}`;
  if (method === 'put') return `set${nouns(rest)}`;
  const statics = rest.filter((segment) => !isParam(segment));
  if (statics.length === 0) return 'create';
  if (pathHasGet && !endsInParam) return `create${nouns([...rest, '{}'])}`;
  const action = rest.at(-1);
  return camel(action) + nouns(rest.slice(0, -1));
}

function answersJson(operation) {
  return Object.entries(operation.responses ?? {}).some(
    ([status, response]) =>
      /^2/.test(status) &&
      (status === '204' || Object.keys(response.content ?? {}).some((media) => media.endsWith('json'))),
  );
}

function isList(operation) {
  const ok = Object.entries(operation.responses ?? {}).find(([status]) => /^2/.test(status))?.[1];
  const schema = Object.entries(ok?.content ?? {}).find(([media]) => media.endsWith('json'))?.[1]?.schema;
  return schema?.type === 'array' || schema?.properties?.data?.type === 'array';
}

function isParam(segment) {
  return segment.startsWith('{');
}
function singular(word) {
  return word.endsWith('ies') ? `${word.slice(0, -3)}y` : word.replace(/s$/, '');
}
function camel(word) {
  return word.replace(/[-.](\w)/g, (_, letter) => letter.toUpperCase());
}
function pascal(word) {
  return camel(word).replace(/^\w/, (letter) => letter.toUpperCase());
}
