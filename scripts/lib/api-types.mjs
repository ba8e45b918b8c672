// The API types generated from the server's OpenAPI document with openapi-typescript, in the client
// package (packages/client/src/schema.ts, compiled and published with it; the site reads them from
// @rq/client). Shared by `npm run api:types` (scripts/api-types.mjs) and the server test that
// fails when a committed file is stale (server/test/api/openapi.test.ts).
import openapiTS, { astToString } from 'openapi-typescript';

export const CLIENT_SCHEMA_FILE = 'packages/client/src/schema.ts';

/** Every generated file of types. */
export const GENERATED_TYPE_FILES = [CLIENT_SCHEMA_FILE];

const HEADER = `// Generated from the server's OpenAPI document by \`npm run api:types\` (openapi-typescript).
// Do not edit: change the route schemas in server/src and run the script again.
`;

/** The TypeScript source of `paths`, `components` and `operations` for an OpenAPI 3.1 document. */
export async function apiTypesOf(document) {
  const ast = await openapiTS(document, { alphabetize: true });
  return HEADER + astToString(ast);
}
