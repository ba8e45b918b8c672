/** Types for api-types.mjs (imported from TypeScript by the server's OpenAPI test). */
export const SCHEMA_FILE: string;
export const CLIENT_SCHEMA_FILE: string;
export const GENERATED_TYPE_FILES: readonly string[];
export function apiTypesOf(document: unknown): Promise<string>;
