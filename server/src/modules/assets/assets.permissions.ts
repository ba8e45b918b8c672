import { permission } from '../../plugins/permissions.js';

/** Logos are uploaded while styling codes: whoever may change codes may upload them. */
export const canUploadAsset = permission('canUploadAsset', { role: 'editor', scope: 'qrcodes:write' });
