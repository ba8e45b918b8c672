import type { WorkspaceAccess } from '../../plugins/auth.js';
import { type ChangeEvent, changeEvent } from '../events/events.service.js';

/**
 * Fields an update event leaves out: they follow from the fields that changed (the image URL
 * from the payload and style, warnings from exec) or change without a write (scans).
 */
export const DERIVED_FIELDS = ['updatedAt', 'scans', 'imageUrl', 'warnings'] as const;

/** An event of a code: `{ object }` (the code as the API shows it, never its image) or `{ changes }`. */
export function codeEvent(type: string, access: WorkspaceAccess, id: string, data: ChangeEvent['data']) {
  return changeEvent(type, access, { type: 'qrcode', id }, data);
}

/**
 * A change of the password as the audit log shows it: a fact ('none', 'set', 'replaced'), never
 * the password or its hash. Null when it did not change.
 */
export function passwordChange(before: string | null, after: string | null): [string, string] | null {
  if (before === after) return null;
  return [before === null ? 'none' : 'set', after === null ? 'none' : before === null ? 'set' : 'replaced'];
}
