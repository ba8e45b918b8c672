import { ApiError, authHeaders } from '@site/src/lib/api';
import { SITE_API } from '@site/src/lib/runtimeConfig';

/** The answer of `POST /qrcodes/import` (API.md "Bulk, import, export, print"). */
export interface ImportAnswer {
  rows: number;
  created: number;
  skipped: number;
  errors: { row: number; problem: { detail?: string; title?: string; code?: string } }[];
}

/** Posts one chunk of our CSV to `POST /qrcodes/import?format=csv`, as a dry run or for real. */
export async function postImportChunk(csv: string, dryRun: boolean): Promise<ImportAnswer> {
  const headers = { 'content-type': 'text/csv', accept: 'application/json', ...(await authHeaders()) };
  let response: Response;
  try {
    response = await fetch(`${SITE_API}/qrcodes/import?format=csv&dryRun=${dryRun}`, {
      method: 'POST',
      headers,
      body: csv,
    });
  } catch {
    throw new ApiError(
      0,
      'network_error',
      'The API could not be reached. Check your connection and try again.',
    );
  }
  const body = (await response.json().catch(() => ({}))) as Partial<ImportAnswer> & {
    code?: string;
    detail?: string;
    errors?: unknown;
  };
  if (!response.ok) {
    throw new ApiError(
      response.status,
      body.code ?? 'http_error',
      body.detail ?? `The API answered HTTP ${response.status}.`,
    );
  }
  return {
    rows: body.rows ?? 0,
    created: body.created ?? 0,
    skipped: body.skipped ?? 0,
    errors: (body.errors ?? []) as ImportAnswer['errors'],
  };
}
