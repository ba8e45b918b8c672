import CookieNotice from '@site/src/components/CookieNotice';
import { AuthProvider } from '@site/src/lib/auth';
import type { ReactNode } from 'react';

/** Wraps every page: the sign-in state and the cookie notice live for the whole visit. */
export default function Root({ children }: { children: ReactNode }) {
  return (
    <AuthProvider>
      {children}
      <CookieNotice />
    </AuthProvider>
  );
}
