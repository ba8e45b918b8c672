// Keeps the Firebase Auth emulator's accounts in a folder (`npm start`: DATA_DIR/auth-emulator), so
// a restart, or a process killed outright, forgets no one. The emulator holds its users in memory
// and its own `--export-on-exit` runs only on a clean exit, so the accounts are read about once a
// second and written whenever they changed (docs/adr/2026-11-29-auth-emulator-accounts.md).
//
// The folder has the layout of the CLI's own export, which `emulators:start --import` reads back:
//   firebase-export-metadata.json, auth_export/accounts.json, auth_export/config.json
// Each file is replaced by a rename, so a kill mid-write leaves the previous version whole. (The
// CLI's export endpoint deletes the folder before moving the new one in, and a kill between the two
// would lose every account.)
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const METADATA_FILE = 'firebase-export-metadata.json';
const AUTH_FOLDER = 'auth_export';
const SAVE_INTERVAL_MS = 1000;
const READ_TIMEOUT_MS = 5000;

const root = path.resolve(import.meta.dirname, '../..');
const cliVersion = createRequire(path.join(root, 'package.json'))('firebase-tools/package.json').version;

/** The `--import` arguments for the emulator: none until a first save has completed the folder. */
export function importArguments(dir) {
  return fs.existsSync(path.join(dir, METADATA_FILE)) ? ['--import', dir] : [];
}

/**
 * Whether the emulator holds every saved account yet. It answers before its `--import` has run, and
 * a save before then would write the accounts it had not read back.
 */
export async function accountsRestored({ host, projectId, dir }) {
  const saved = readIfPresent(path.join(dir, AUTH_FOLDER, 'accounts.json'));
  if (saved === undefined) return true;
  try {
    const held = new Set(userIds((await readEmulator(host, projectId)).accounts));
    return userIds(saved).every((id) => held.has(id));
  } catch {
    return false;
  }
}

/** The accounts' ids in an accounts.json (the answer of accounts:batchGet). */
function userIds(accountsJson) {
  const { users = [] } = /** @type {{ users?: { localId: string }[] }} */ (JSON.parse(accountsJson));
  return users.map((user) => user.localId);
}

/** Replaces `file` whole: written beside the folder's files, flushed, then renamed over it. */
function replaceFile(dir, file, text) {
  // In the folder's root, not auth_export: the import reads every file there named like "accounts".
  const temporary = path.join(dir, `.saving-${path.basename(file)}`);
  fs.writeFileSync(temporary, text, { flush: true });
  fs.renameSync(temporary, file);
}

/** What the CLI's export reads (the same owner-authorised admin calls), as text to compare. */
async function readEmulator(host, projectId) {
  const read = async (pathname) => {
    const response = await fetch(`http://${host}${pathname}`, {
      headers: { authorization: 'Bearer owner' },
      signal: AbortSignal.timeout(READ_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`${pathname}: HTTP ${response.status}`);
    return response.text();
  };
  const [accounts, config] = await Promise.all([
    read(`/identitytoolkit.googleapis.com/v1/projects/${projectId}/accounts:batchGet?maxResults=-1`),
    read(`/emulator/v1/projects/${projectId}/config`),
  ]);
  return { accounts, config };
}

/**
 * Starts saving the emulator's accounts into `dir` whenever they change.
 * @param {{ host: string, projectId: string, dir: string }} options
 * @returns {{ save(): Promise<void>, stop(): Promise<void> }} save() writes what changed now;
 *   stop() ends the saving once the save under way (if any) is done.
 */
export function keepAccounts({ host, projectId, dir }) {
  const authDir = path.join(dir, AUTH_FOLDER);
  fs.mkdirSync(authDir, { recursive: true });
  const saved = {
    accounts: readIfPresent(path.join(authDir, 'accounts.json')),
    config: readIfPresent(path.join(authDir, 'config.json')),
  };
  let lastFailure = '';

  const saveOnce = async () => {
    const current = await readEmulator(host, projectId);
    for (const name of /** @type {const} */ (['accounts', 'config'])) {
      if (current[name] === saved[name]) continue;
      replaceFile(dir, path.join(authDir, `${name}.json`), current[name]);
      saved[name] = current[name];
    }
    // Written last on the first save: until then `--import` finds no export and starts empty.
    const metadata = path.join(dir, METADATA_FILE);
    if (!fs.existsSync(metadata)) {
      const version = { version: cliVersion, auth: { version: cliVersion, path: AUTH_FOLDER } };
      replaceFile(dir, metadata, JSON.stringify(version, null, 2));
    }
  };

  // One save at a time: a stop() during a save waits for it, then saves what came after.
  let running = Promise.resolve();
  const save = () => {
    running = running.then(saveOnce).then(
      () => {
        lastFailure = '';
      },
      (error) => {
        // Said once per kind of failure, not every second while the emulator is busy or gone.
        const message = error instanceof Error ? error.message : String(error);
        if (message !== lastFailure)
          console.warn(`the sign-in accounts could not be saved to ${dir}: ${message}`);
        lastFailure = message;
      },
    );
    return running;
  };

  const timer = setInterval(() => void save(), SAVE_INTERVAL_MS);
  return {
    save,
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}

function readIfPresent(file) {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
