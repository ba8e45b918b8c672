import { apiFetch } from '@site/src/lib/api';

/** The answer of `POST /qrcodes/import` (API.md "Bulk, import, export, print"). */
export interface ImportAnswer {
  rows: number;
  created: number;
  skipped: number;
  errors: { row: number; problem: { detail?: string; title?: string; code?: string } }[];
}

/** Posts one chunk of our CSV to `POST /qrcodes/import?format=csv`, as a dry run or for real. */
export async function postImportChunk(csv: string, dryRun: boolean): Promise<ImportAnswer> {
  const response = await apiFetch(`/qrcodes/import?format=csv&dryRun=${dryRun}`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', accept: 'application/json' },
    body: csv,
  });
  const body = (await response.json().catch(() => ({}))) as Partial<ImportAnswer>;
  return {
    rows: body.rows ?? 0,
    created: body.created ?? 0,
    skipped: body.skipped ?? 0,
    errors: (body.errors ?? []) as ImportAnswer['errors'],
  };
}
