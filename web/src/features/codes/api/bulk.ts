import type { Page, QrCode } from '@site/src/api/codes';
import { ApiError, apiRequest, authHeaders } from '@site/src/lib/api';
import { SITE_API } from '@site/src/lib/runtimeConfig';

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

/**
 * POSTs a JSON body and saves the answer as a file (`POST /qrcodes/images.zip`, `/qrcodes/sheet.pdf`):
 * the browser streams it to disk through a blob URL.
 */
export async function downloadPosted(path: string, body: unknown, fileName: string): Promise<void> {
  const headers = { 'content-type': 'application/json', ...(await authHeaders()) };
  let response: Response;
  try {
    response = await fetch(`${SITE_API}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
  } catch {
    throw new ApiError(
      0,
      'network_error',
      'The API could not be reached. Check your connection and try again.',
    );
  }
  if (!response.ok) {
    const problem = (await response.json().catch(() => ({}))) as { code?: string; detail?: string };
    throw new ApiError(
      response.status,
      problem.code ?? 'http_error',
      problem.detail ?? `The API answered HTTP ${response.status}.`,
    );
  }
  saveBlob(await response.blob(), fileName);
}

/** Saves a blob under a file name (a click on a temporary link). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** GETs a file of the API (a code's image.pdf) with the user's token and saves it. */
export async function downloadFile(path: string, fileName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(`${SITE_API}${path}`, { headers: await authHeaders() });
  } catch {
    throw new ApiError(
      0,
      'network_error',
      'The API could not be reached. Check your connection and try again.',
    );
  }
  if (!response.ok) {
    const problem = (await response.json().catch(() => ({}))) as { code?: string; detail?: string };
    throw new ApiError(
      response.status,
      problem.code ?? 'http_error',
      problem.detail ?? `The API answered HTTP ${response.status}.`,
    );
  }
  saveBlob(await response.blob(), fileName);
}
