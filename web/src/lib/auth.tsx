import type { Auth, User } from 'firebase/auth';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useState } from 'react';
import { loadRuntimeConfig, onRuntimeConfig, type RuntimeConfig } from './runtimeConfig';

/** The signed-in user as the site uses it (from Firebase Authentication). */
export interface SignedInUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
}

export type AuthState =
  | { status: 'loading'; user: null }
  | { status: 'signedOut'; user: null }
  | { status: 'signedIn'; user: SignedInUser };

let authPromise: Promise<Auth> | undefined;

/** The Firebase Auth instance, created once (and pointed at the emulator when configured). */
export function firebaseAuth(config: RuntimeConfig): Promise<Auth> {
  if (!authPromise) {
    authPromise = (async () => {
      const [{ getApps, initializeApp }, { connectAuthEmulator, getAuth }] = await Promise.all([
        import('firebase/app'),
        import('firebase/auth'),
      ]);
      const { apiKey, authDomain, projectId, emulatorUrl } = config.firebase;
      const app = getApps()[0] ?? initializeApp({ apiKey, authDomain, projectId });
      const auth = getAuth(app);
      if (emulatorUrl) connectAuthEmulator(auth, emulatorUrl, { disableWarnings: true });
      return auth;
    })();
    authPromise.catch(() => {
      authPromise = undefined;
    });
  }
  return authPromise;
}

/** The Auth instance, loading the settings and the SDK first when needed. */
function currentAuth(): Promise<Auth> {
  return authPromise ?? loadRuntimeConfig().then(firebaseAuth);
}

function toUser(user: User): SignedInUser {
  return { uid: user.uid, email: user.email, displayName: user.displayName, photoURL: user.photoURL };
}

const AuthContext = createContext<AuthState>({ status: 'loading', user: null });

/** Follows Firebase's auth state: loading, then signed in or signed out. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: 'loading', user: null });

  useEffect(() => {
    let unsubscribeAuth: (() => void) | undefined;
    let live = true;
    const start = async (config: RuntimeConfig) => {
      if (unsubscribeAuth) return;
      try {
        const auth = await firebaseAuth(config);
        const { onAuthStateChanged } = await import('firebase/auth');
        if (!live || unsubscribeAuth) return;
        unsubscribeAuth = onAuthStateChanged(auth, (user) => {
          setState(user ? { status: 'signedIn', user: toUser(user) } : { status: 'signedOut', user: null });
        });
      } catch (error) {
        console.error('Sign-in could not start', error);
        if (live) setState({ status: 'signedOut', user: null });
      }
    };
    const unsubscribeConfig = onRuntimeConfig((config) => {
      void start(config);
    });
    // Without settings nobody can be signed in; say so instead of loading forever. A later
    // successful load (a page's 'Try again') starts sign-in through the listener above.
    loadRuntimeConfig().catch(() => {
      if (live)
        setState((current) => (current.status === 'loading' ? { status: 'signedOut', user: null } : current));
    });
    return () => {
      live = false;
      unsubscribeConfig();
      unsubscribeAuth?.();
    };
  }, []);

  return <AuthContext.Provider value={state}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  return useContext(AuthContext);
}

export async function signUpWithEmail(email: string, password: string, displayName: string): Promise<void> {
  const { createUserWithEmailAndPassword, updateProfile } = await import('firebase/auth');
  const auth = await currentAuth();
  const credential = await createUserWithEmailAndPassword(auth, email, password);
  if (displayName.trim()) {
    await updateProfile(credential.user, { displayName: displayName.trim() });
    await credential.user.reload();
  }
}

export async function signInWithEmail(email: string, password: string): Promise<void> {
  const { signInWithEmailAndPassword } = await import('firebase/auth');
  await signInWithEmailAndPassword(await currentAuth(), email, password);
}

/** Google sign-in in a popup (with the emulator, its provider page stands in for Google's). */
export async function signInWithGoogle(): Promise<void> {
  const { GoogleAuthProvider, signInWithPopup } = await import('firebase/auth');
  await signInWithPopup(await currentAuth(), new GoogleAuthProvider());
}

export async function signOutUser(): Promise<void> {
  try {
    const { signOut } = await import('firebase/auth');
    await signOut(await currentAuth());
  } catch (error) {
    console.error('Sign out failed', error);
    throw error;
  }
}

/** A fresh Firebase ID token for `Authorization: Bearer`, or null when signed out. */
export async function idToken(): Promise<string | null> {
  const auth = await currentAuth();
  return auth.currentUser ? auth.currentUser.getIdToken() : null;
}

/**
 * Reads the signed-in user again and takes a new ID token, so a change made elsewhere (an e-mail
 * address verified from the link in its message) is in the token the API checks.
 */
export async function refreshSignIn(): Promise<void> {
  const user = (await currentAuth()).currentUser;
  if (!user) return;
  await user.reload();
  await user.getIdToken(true);
}

/** Sends the e-mail whose link verifies the signed-in user's address. */
export async function sendVerificationEmail(): Promise<void> {
  const { sendEmailVerification } = await import('firebase/auth');
  const user = (await currentAuth()).currentUser;
  if (user) await sendEmailVerification(user);
}

/** Firebase error codes as sentences a person can act on. */
export function describeAuthError(error: unknown): string {
  const code = typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : '';
  const messages: Record<string, string> = {
    'auth/invalid-email': 'That email address is not valid.',
    'auth/missing-password': 'Enter a password.',
    'auth/weak-password': 'Choose a password of at least 6 characters.',
    'auth/email-already-in-use': 'An account with this email exists already: sign in instead.',
    'auth/invalid-credential': 'The email or password is wrong.',
    'auth/wrong-password': 'The email or password is wrong.',
    'auth/user-not-found': 'The email or password is wrong.',
    'auth/too-many-requests': 'Too many attempts: wait a minute and try again.',
    'auth/popup-closed-by-user': 'The sign-in window was closed before signing in.',
    'auth/popup-blocked': 'The browser blocked the sign-in window: allow pop-ups for this site.',
    'auth/network-request-failed': 'The sign-in service could not be reached.',
  };
  return messages[code] ?? (error instanceof Error ? error.message : 'Sign-in failed.');
}

export function useSignedInUser(): SignedInUser | null {
  const state = useAuth();
  return useMemo(() => (state.status === 'signedIn' ? state.user : null), [state]);
}
