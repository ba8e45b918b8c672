import fs from 'node:fs';
import type { NewScanRow } from './scans.table.js';

/** The scans of a journal file (a JSON line each); null when it is gone. */
export function readJournalFile(file: string): NewScanRow[] | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return text
    .split('\n')
    .filter((line) => line.trim() !== '')
    .flatMap((line) => {
      try {
        return [JSON.parse(line) as NewScanRow];
      } catch {
        return []; // a torn last line from a crash mid-append: its scan was never answered
      }
    });
}
