/** Types for emulator-accounts.mjs. */
export function importArguments(dir: string): string[];

export function accountsRestored(options: { host: string; projectId: string; dir: string }): Promise<boolean>;

export function keepAccounts(options: { host: string; projectId: string; dir: string }): {
  save(): Promise<void>;
  stop(): Promise<void>;
};
