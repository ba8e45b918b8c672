import { permission } from '../../plugins/permissions.js';

/** Who may ask where a scan would go: whoever may see the code (it changes nothing). */
export const canSimulateScans = permission('canSimulateScans', { role: 'viewer', scope: 'qrcodes:read' });
