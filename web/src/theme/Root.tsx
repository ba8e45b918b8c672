import OverLimitBanner from '@site/src/components/billing/OverLimitBanner';
import CookieNotice from '@site/src/components/CookieNotice';
import { AuthProvider } from '@site/src/lib/auth';
import type { ReactNode } from 'react';

/**
 * Wraps every page: the sign-in state, the over-limit banner (for a signed-in owner over this
 * month's redirect limit) and the cookie notice live for the whole visit.
 */
export default function Root({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      <OverLimitBanner />
      {children}
      <CookieNotice />
    </AuthProvider>
  );
}
