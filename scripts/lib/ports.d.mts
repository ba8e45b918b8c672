/** Types for ports.mjs (imported from TypeScript by the tests). */
export function freePort(): Promise<number>;
export function portIsFree(port: number): Promise<boolean>;
