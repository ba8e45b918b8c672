// The site's API types (web/src/api/schema.d.ts), generated from the server's OpenAPI document with
// openapi-typescript. Shared by `npm run api:types` (scripts/api-types.mjs) and the server test that
// fails when the committed file is stale (server/test/api/openapi.test.ts).
import openapiTS, { astToString } from 'openapi-typescript';

export const SCHEMA_FILE = 'web/src/api/schema.d.ts';

const HEADER = `// Generated from the server's OpenAPI document by \`npm run api:types\` (openapi-typescript).
// Do not edit: change the route schemas in server/src and run the script again.
`;

/** The TypeScript source of `paths`, `components` and `operations` for an OpenAPI 3.1 document. */
export async function apiTypesOf(document) {
  const ast = await openapiTS(document, { alphabetize: true });
  return HEADER + astToString(ast);
}
