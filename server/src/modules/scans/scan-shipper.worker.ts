import { parentPort, workerData } from 'node:worker_threads';
import { createDatabase } from '../../db/create-db.js';
import { trimHeapWhenIdle } from '../../shared/heap-trim.js';
import { STOP } from '../../shared/worker-thread.js';
import { readJournalFile } from './scan-journal.js';
import type { ShipperSettings, ShipRequest, ShipResponse } from './scan-shipper.js';
import { appendSpooledScans } from './scans.repository.js';

/** The scan shipper's thread (see scan-shipper.ts): one shipment at a time, as the recorder sends them. */
const port = parentPort;
if (!port) throw new Error('scan-shipper.worker runs as a worker thread');
const settings = workerData as ShipperSettings;
// Each thread's collections keep what they free resident until released (heap-trim.ts).
trimHeapWhenIdle();
const database = createDatabase({ databaseUrl: settings.url, pgSchema: settings.schema, pgPoolSize: 1 });

async function ship({ id, file, spoolId, forget }: ShipRequest): Promise<ShipResponse> {
  let rows: ReturnType<typeof readJournalFile>;
  try {
    rows = readJournalFile(file);
  } catch (error) {
    return { id, error: `journal file unreadable: ${(error as Error).message}`, refused: false };
  }
  if (rows === null) return { id, error: `journal file gone: ${file}`, refused: false };
  try {
    return { id, added: await appendSpooledScans(database, spoolId, rows, forget) };
  } catch (error) {
    return { id, error: (error as Error).message, refused: true };
  }
}

port.on('message', (message: ShipRequest | typeof STOP) => {
  if (message === STOP) {
    database.destroy().finally(() => port.close());
    return;
  }
  ship(message).then((response) => port.postMessage(response));
});
