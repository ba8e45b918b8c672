/** Types for firebase-emulator.mjs (imported from TypeScript by the test setups). */
export interface FirebaseEmulator {
  /** '127.0.0.1:PORT': the value for FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  stop(): Promise<void>;
}

export function startFirebaseEmulator(options?: {
  port?: number;
  projectId?: string;
  /** Where the accounts are kept across restarts (emulator-accounts.mjs); unset: in memory only. */
  accountsDir?: string;
}): Promise<FirebaseEmulator>;

/** Deletes every account of the project in the emulator (before another suite reuses it). */
export function clearEmulatorAccounts(host: string, projectId: string): Promise<void>;
