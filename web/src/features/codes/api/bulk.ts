import { codeOf, type QrCode } from '@site/src/api/codes';
import type { ApiAnswer, ApiBody, ApiQuery } from '@site/src/api/types';
import { rq } from '@site/src/lib/api';
import type { CodeFilter } from '@site/src/lib/downloads';

/** The most items one bulk call takes (API.md "Bulk, import, export, print"). */
export const BULK_LIMIT = 1000;

/** One item of a bulk answer: its code, or its problem. */
type BulkItem = ApiAnswer<'/api/v1/qrcodes/bulk-update', 'post'>['data'][number];

/** A merge patch every code of a bulk update takes. */
export type CodePatch = ApiBody<'/api/v1/qrcodes/bulk-update', 'post'>['patch'];

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
    const id = item.id ?? ids[item.index] ?? '';
    if (item.status >= 200 && item.status < 300) {
      if (deleting) outcome.deleted++;
      else if (item.qrcode) outcome.done.push(codeOf(item.qrcode));
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
  patch: CodePatch,
  onProgress: (done: number) => void = () => {},
  outcome: BulkOutcome = { done: [], deleted: 0, failures: [] },
): Promise<BulkOutcome> {
  let sent = 0;
  for (const chunk of chunks(ids, BULK_LIMIT)) {
    const answer = await rq.qrcodes.bulkUpdate({ body: { ids: chunk, patch } });
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
    const answer = await rq.qrcodes.bulkDelete({ body: { ids: chunk } });
    merge(outcome, chunk, answer.data, true);
    sent += chunk.length;
    onProgress(sent);
  }
  return outcome;
}

/** A bulk update's or delete's answer, its codes typed as the site reads them (api/codes.ts). */
interface BulkChangeAnswer {
  data: BulkItem[];
  nextCursor: ApiAnswer<'/api/v1/qrcodes/bulk-delete', 'post'>['nextCursor'];
}

/** Every code the list's filters select, but the ones unticked: "select all N matching". */
export interface MatchingCodes {
  filter: CodeFilter;
  except: readonly string[];
}

/**
 * Applies one merge patch (`patch`) or deletes (null) every code of `matching`, a thousand a call:
 * the server selects them by the filter, so their ids are never read first.
 */
export async function bulkChangeMatching(
  matching: MatchingCodes,
  patch: CodePatch | null,
  onProgress: (done: number) => void = () => {},
): Promise<BulkOutcome> {
  const outcome: BulkOutcome = { done: [], deleted: 0, failures: [] };
  const body: ApiBody<'/api/v1/qrcodes/bulk-delete', 'post'> = {
    filter: matching.filter,
    ...(matching.except.length ? { except: [...matching.except] } : {}),
  };
  let cursor: string | null = null;
  let done = 0;
  do {
    const params = { query: cursor ? { cursor } : {} };
    const answer: BulkChangeAnswer = patch
      ? await rq.qrcodes.bulkUpdate({ params, body: { ...body, patch } })
      : await rq.qrcodes.bulkDelete({ params, body });
    merge(outcome, [], answer.data, patch === null);
    done += answer.data.length;
    onProgress(done);
    cursor = answer.nextCursor;
  } while (cursor);
  return outcome;
}

/**
 * Every code passing the filters (`filterQuery`, the list's parameters), a hundred a page: the
 * codes of "select all N matching" when an action needs each code (its tags) or its id (a design).
 */
export async function codesMatching(
  filter: ApiQuery<'/api/v1/qrcodes'>,
  onProgress: (read: number) => void = () => {},
): Promise<QrCode[]> {
  const all: QrCode[] = [];
  let cursor: string | null = null;
  do {
    const query = { ...filter, limit: 100, ...(cursor ? { cursor } : {}) };
    const page: ApiAnswer<'/api/v1/qrcodes'> = await rq.qrcodes.list({ params: { query } });
    all.push(...page.data.map(codeOf));
    onProgress(all.length);
    cursor = page.nextCursor;
  } while (cursor);
  return all;
}
