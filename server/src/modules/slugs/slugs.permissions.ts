import { permission } from '../../plugins/permissions.js';

/** Asking whether a slug is free reads codes. */
export const canCheckSlug = permission('canCheckSlug', { role: 'viewer', scope: 'qrcodes:read' });
