export const ROLES_DOC_FILE: string;
export interface PermissionRow {
  method: string;
  path: string;
  summary: string;
  name: string;
  role: string;
  scope?: string;
  session?: boolean;
}
export function permissionRows(document: unknown): PermissionRow[];
export function rolesDocOf(document: unknown): string;
