// The API types generated from the server's OpenAPI document with openapi-typescript: the site's
// (web/src/api/schema.d.ts) and the client package's (packages/client/src/schema.ts, compiled and
// published with it). Shared by `npm run api:types` (scripts/api-types.mjs) and the server test that
// fails when a committed file is stale (server/test/api/openapi.test.ts).
import openapiTS, { astToString } from 'openapi-typescript';

export const SCHEMA_FILE = 'web/src/api/schema.d.ts';
export const CLIENT_SCHEMA_FILE = 'packages/client/src/schema.ts';

/** Every generated file: the same types, written where each package reads them. */
export const GENERATED_TYPE_FILES = [SCHEMA_FILE, CLIENT_SCHEMA_FILE];

const HEADER = `// Generated from the server's OpenAPI document by \`npm run api:types\` (openapi-typescript).
// Do not edit: change the route schemas in server/src and run the script again.
`;

/** The TypeScript source of `paths`, `components` and `operations` for an OpenAPI 3.1 document. */
export async function apiTypesOf(document) {
  const ast = await openapiTS(document, { alphabetize: true });
  return HEADER + astToString(ast);
}
