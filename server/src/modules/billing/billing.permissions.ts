import { permission } from '../../plugins/permissions.js';

/** Plans, limits and usage are for everyone in the workspace to see. */
export const canViewSubscriptions = permission('canViewSubscriptions', { role: 'viewer' });
/** Buying and cancelling: the owner pays for the workspace, in person. */
export const canBuyPlan = permission('canBuyPlan', { role: 'owner', session: true });
export const canCancelSubscription = permission('canCancelSubscription', { role: 'owner', session: true });
