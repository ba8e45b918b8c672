import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeBus, ChangeTopic, ChangeTopics } from './change-bus.js';

/**
 * Without Redis, a command line tool (`npm run plans`) and the running server share nothing but
 * the data folder (the SQLite file lives there). The tool appends its changes to a file in that
 * folder and the server follows the file, so a grant counts at once rather than when a cache
 * entry expires. One short line per operator command: the file stays small.
 */
export const LOCAL_CHANGES_FILE = 'changes.jsonl';
/**
 * The file's own folder in the data folder. Watching the data folder itself woke the event loop
 * for every write to the SQLite files beside it (inotify reports each one): thousands a second
 * under load, about a quarter of a core while the analytics fold (issue 34's measurements).
 */
const LOCAL_CHANGES_DIR = 'changes';

interface LocalChange {
  topic: ChangeTopic;
  /** The change (`event` in the file, as servers of older versions read it). */
  event: unknown;
}

/** Appends one change for the servers that follow `dataDir` (the command line tool's side). */
export function appendLocalChange<T extends ChangeTopic>(dataDir: string, topic: T, change: ChangeTopics[T]) {
  const line: LocalChange = { topic, event: change };
  const dir = path.join(dataDir, LOCAL_CHANGES_DIR);
  fs.mkdirSync(dir, { recursive: true });
  fs.appendFileSync(path.join(dir, LOCAL_CHANGES_FILE), `${JSON.stringify(line)}\n`);
}

/**
 * Delivers the changes appended to `dataDir`'s file from now on to this process's listeners (the
 * server's side). Answers the function that stops following.
 */
export function followLocalChanges(dataDir: string, changes: ChangeBus, log: FastifyBaseLogger): () => void {
  if (!fs.existsSync(dataDir)) return () => {}; // no SQLite file there, so no tool shares it
  const dir = path.join(dataDir, LOCAL_CHANGES_DIR);
  try {
    fs.mkdirSync(dir, { recursive: true });
  } catch (error) {
    log.warn({ err: error }, 'cannot follow command line changes: their folder cannot be made');
    return () => {};
  }
  const file = path.join(dir, LOCAL_CHANGES_FILE);
  let offset = sizeOf(file);
  let reading = Promise.resolve();
  const readNew = async () => {
    const size = sizeOf(file);
    if (size < offset) offset = 0; // the operator removed or emptied the file
    if (size === offset) return;
    const handle = await fs.promises.open(file, 'r');
    try {
      const buffer = Buffer.alloc(size - offset);
      await handle.read(buffer, 0, buffer.length, offset);
      const text = buffer.toString('utf8');
      const complete = text.lastIndexOf('\n') + 1; // a line still being written waits for its end
      offset += Buffer.byteLength(text.slice(0, complete));
      for (const line of text.slice(0, complete).split('\n')) {
        if (line.trim() !== '') await deliver(changes, line, log);
      }
    } finally {
      await handle.close();
    }
  };
  // The folder is watched, not the file: the file may not exist until the first command.
  const watcher = fs.watch(dir, (_kind, name) => {
    if (name !== LOCAL_CHANGES_FILE) return;
    reading = reading.then(readNew).catch((error: unknown) => {
      log.warn({ err: error }, 'the changes of a command line tool could not be read');
    });
  });
  watcher.on('error', (error) => log.warn({ err: error }, 'stopped following command line changes'));
  return () => watcher.close();
}

async function deliver(changes: ChangeBus, line: string, log: FastifyBaseLogger): Promise<void> {
  try {
    const change = JSON.parse(line) as LocalChange;
    await changes.receiveLocal(change.topic, change.event as ChangeTopics[ChangeTopic]);
  } catch (error) {
    log.warn({ err: error }, 'a change of a command line tool failed here');
  }
}

function sizeOf(file: string): number {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
}
