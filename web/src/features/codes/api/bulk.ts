import type { Page, QrCode } from '@site/src/api/codes';
import { apiRequest } from '@site/src/lib/api';

/** The most items one bulk call takes (API.md "Bulk, import, export, print"). */
export const BULK_LIMIT = 1000;

interface BulkItem {
  index: number;
  status: number;
  qrcode?: QrCode;
  problem?: { detail?: string; title?: string };
}

/** What a bulk action did: the codes it changed, and why the others failed. */
export interface BulkOutcome {
  done: QrCode[];
  deleted: number;
  failures: { id: string; detail: string }[];
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function merge(outcome: BulkOutcome, ids: readonly string[], items: BulkItem[], deleting: boolean) {
  for (const item of items) {
    const id = ids[item.index] ?? '';
    if (item.status >= 200 && item.status < 300) {
      if (deleting) outcome.deleted++;
      else if (item.qrcode) outcome.done.push(item.qrcode);
    } else {
      outcome.failures.push({
        id,
        detail: item.problem?.detail ?? item.problem?.title ?? `HTTP ${item.status}`,
      });
    }
  }
}

/**
 * Applies one merge patch to the codes (`POST /qrcodes/bulk-update`), a thousand at a time;
 * `onProgress` hears how many are done.
 */
export async function bulkUpdate(
  ids: readonly string[],
  patch: Record<string, unknown>,
  onProgress: (done: number) => void = () => {},
  outcome: BulkOutcome = { done: [], deleted: 0, failures: [] },
): Promise<BulkOutcome> {
  let sent = 0;
  for (const chunk of chunks(ids, BULK_LIMIT)) {
    const answer = await apiRequest<{ data: BulkItem[] }>('POST', '/qrcodes/bulk-update', {
      ids: chunk,
      patch,
    });
    merge(outcome, chunk, answer.data, false);
    sent += chunk.length;
    onProgress(sent);
  }
  return outcome;
}

/** Deletes the codes (`POST /qrcodes/bulk-delete`), a thousand at a time. */
export async function bulkDelete(
  ids: readonly string[],
  onProgress: (done: number) => void = () => {},
): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { done: [], deleted: 0, failures: [] };
  let sent = 0;
  for (const chunk of chunks(ids, BULK_LIMIT)) {
    const answer = await apiRequest<{ data: BulkItem[] }>('POST', '/qrcodes/bulk-delete', { ids: chunk });
    merge(outcome, chunk, answer.data, true);
    sent += chunk.length;
    onProgress(sent);
  }
  return outcome;
}

/**
 * Every code passing the filters (`filterQuery`, the list's parameters), a hundred a page: the
 * codes of "select all N matching" when an action needs each code (its tags) or its id.
 */
export async function codesMatching(
  filterQuery: string,
  onProgress: (read: number) => void = () => {},
): Promise<QrCode[]> {
  const all: QrCode[] = [];
  let cursor: string | null = null;
  do {
    const after: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
    const sep = filterQuery ? `${filterQuery}&` : '';
    const page: Page<QrCode> = await apiRequest<Page<QrCode>>('GET', `/qrcodes?${sep}limit=100${after}`);
    all.push(...page.data);
    onProgress(all.length);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}
