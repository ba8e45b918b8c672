import CookieNotice from '@site/src/components/CookieNotice';
import OverLimitBanner from '@site/src/features/billing/components/OverLimitBanner';
import { AuthProvider } from '@site/src/lib/auth';
import { ServerDataProvider } from '@site/src/lib/serverData';
import type { ReactNode } from 'react';

/**
 * Wraps every page: the sign-in state, the server data cache (lib/serverData.tsx), the over-limit banner (for a signed-in owner over this
 * month's redirect limit) and the cookie notice live for the whole visit.
 */
export default function Root({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      <ServerDataProvider>
        <OverLimitBanner />
        {children}
        <CookieNotice />
      </ServerDataProvider>
    </AuthProvider>
  );
}
