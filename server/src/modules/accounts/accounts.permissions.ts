import { permission } from '../../plugins/permissions.js';

export { canUseAccount } from '../../plugins/permissions.js';

/** The signing secret signs the workspace's exec calls and webhooks: admins, in person. */
export const canViewSigningSecret = permission('canViewSigningSecret', { role: 'admin', session: true });
export const canRotateSigningSecret = permission('canRotateSigningSecret', { role: 'admin', session: true });

/** A verification link is for the person signed in, about their own address. */
export const canVerifyEmail = permission('canVerifyEmail', { role: 'viewer', session: true });
