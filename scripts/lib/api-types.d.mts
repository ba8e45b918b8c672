/** Types for api-types.mjs (imported from TypeScript by the server's OpenAPI test). */
export const SCHEMA_FILE: string;
export function apiTypesOf(document: unknown): Promise<string>;
