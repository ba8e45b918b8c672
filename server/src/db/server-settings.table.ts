/** Settings the server keeps for itself, one row per key (the server secret: server-secret.ts). */
export interface ServerSettingsTable {
  key: string;
  value: string;
}
