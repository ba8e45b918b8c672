import CookieNotice from '@site/src/components/CookieNotice';
import OverLimitBanner from '@site/src/features/billing/components/OverLimitBanner';
import AutoDisabledBanner from '@site/src/features/webhooks/components/AutoDisabledBanner';
import { can } from '@site/src/features/workspaces/model/access';
import { AuthProvider } from '@site/src/lib/auth';
import { ServerDataProvider } from '@site/src/lib/serverData';
import { useWorkspace } from '@site/src/lib/workspace';
import type { ReactNode } from 'react';

/** The webhooks banner, for the roles that may act on it (admins and the owner). */
function WebhooksBanner() {
  const role = useWorkspace().current?.role;
  return <AutoDisabledBanner visible={role !== undefined && can(role, 'manageWebhooks')} />;
}

/**
 * Wraps every page: the sign-in state, the server data cache (lib/serverData.tsx), the over-limit banner (for a signed-in owner over this
 * month's redirect limit), the banner of webhook endpoints the server turned off (for admins and the
 * owner) and the cookie notice live for the whole visit.
 */
export default function Root({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      <ServerDataProvider>
        <OverLimitBanner />
        <WebhooksBanner />
        {children}
        <CookieNotice />
      </ServerDataProvider>
    </AuthProvider>
  );
}
